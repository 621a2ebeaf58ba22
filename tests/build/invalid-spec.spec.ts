import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {getExample} from '../../src/data/examples';
import {assertValidSpec} from '../../scripts/build/specs';
import {buildMiniSite, removeMiniSite, type MiniSiteBuild} from '../../scripts/sites/miniSite';
import {REPO_ROOT} from '../../scripts/repoRoot';

const singleYaml = getExample('using-single-yaml');

/** Broken copies of a real spec, each with the problem the build must name. */
const breakages = [
  {
    name: 'a missing required field',
    file: 'no-info.yaml',
    break: (source: string) => source.replace(/^info:/m, 'information:'),
    problem: /info/,
  },
  {
    name: 'a reference to nothing',
    file: 'dangling-ref.yaml',
    // A real `$ref`, not the model tag's <SchemaDefinition schemaRef> text, which only Redoc reads.
    break: (source: string) => source.replace(/(\$ref: ')#\/components\/schemas\/Pet'/, "$1#/components/schemas/Pett'"),
    problem: /Can't resolve \$ref|Pett/,
  },
  {
    name: 'a document that is neither OpenAPI 3 nor Swagger 2',
    file: 'openapi-2.yaml',
    // A plausible slip: the OpenAPI version written as Swagger's.
    break: (source: string) => source.replace(/^openapi: .*$/m, 'openapi: 2.0.0'),
    problem: /neither OpenAPI 3 .* nor Swagger 2 .*: it says `openapi: 2\.0\.0`/,
  },
  {
    name: 'a YAML syntax error',
    file: 'bad-yaml.yaml',
    break: (source: string) => `${source}\npaths: [unclosed\n`,
    problem: /YAML|unexpected|end of the stream|flow collection/i,
  },
];

test.describe('an invalid spec fails the build', () => {
  test.beforeEach(() => test.setTimeout(120_000));
  let build: MiniSiteBuild | undefined;
  let scratch: string;
  test.beforeEach(async () => {
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'broken-spec-'));
  });
  test.afterEach(async () => {
    await removeMiniSite(build);
    await fs.rm(scratch, {recursive: true, force: true});
  });

  for (const breakage of breakages) {
    test(`naming the file and the problem: ${breakage.name}`, async () => {
      const original = await fs.readFile(path.join(REPO_ROOT, singleYaml.specFile), 'utf8');
      const brokenFile = path.join(scratch, breakage.file);
      const broken = breakage.break(original);
      expect(broken).not.toBe(original);
      await fs.writeFile(brokenFile, broken);

      build = await buildMiniSite({examples: [{...singleYaml, specFile: brokenFile}]});

      expect(build.exitCode).not.toBe(0);
      expect(build.output).toContain(`Invalid OpenAPI spec "${brokenFile}"`);
      expect(build.output).toMatch(breakage.problem);
      // Nothing was built, and the source spec is untouched.
      await expect(fs.access(path.join(build.siteDir, 'build'))).rejects.toThrow();
      expect(await fs.readFile(path.join(REPO_ROOT, singleYaml.specFile), 'utf8')).toBe(original);
    });
  }
});

test('a spec whose schemas Redoc cannot model within limits fails the build in bounded time, naming the file, the schema and what to do', async () => {
  test.setTimeout(240_000);
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'limits-spec-'));
  let build: MiniSiteBuild | undefined;
  try {
    // Eight shapes, each one of the seven others: Redoc models them for every path through them,
    // and without the kit's limits the build ran out of memory (reference-kit/lib/modelLimits.js).
    const names = ['Shape', 'Circle', 'Square', 'Star', 'Ring', 'Arrow', 'Cross', 'Heart'];
    const schemas = Object.fromEntries(
      names.map((name) => [name, {oneOf: names.filter((other) => other !== name).map((other) => ({$ref: `#/components/schemas/${other}`}))}]),
    );
    const spec = {
      openapi: '3.1.0',
      info: {title: 'Shapes', version: '1.0.0', description: 'Shapes that are each one of the others.'},
      paths: {'/shapes/{id}': {get: {operationId: 'getShape', summary: 'Get a shape', parameters: [{name: 'id', in: 'path', required: true, schema: {type: 'string'}}], responses: {200: {description: 'A shape', content: {'application/json': {schema: {$ref: '#/components/schemas/Shape'}}}}}}}},
      components: {schemas},
    };
    const specFile = path.join(scratch, 'shapes.yaml');
    // JSON is YAML.
    await fs.writeFile(specFile, JSON.stringify(spec, null, 2));

    build = await buildMiniSite({examples: [{...singleYaml, specFile}], measure: true});

    expect(build.exitCode, build.output.slice(-2000)).toBe(1);
    expect(build.output).toMatch(/reference-kit: the spec \S*shapes\.yaml cannot be rendered within limits\. Modelling its schema #\/components\/schemas\/\w+ built more than 5000/);
    expect(build.output).toMatch(/What to do: .*ignoreNamedSchemas/);
    expect(build.output).not.toMatch(/heap out of memory/);
    expect(build.resources!.seconds).toBeLessThan(120);
  } finally {
    await removeMiniSite(build);
    await fs.rm(scratch, {recursive: true, force: true});
  }
});

test.describe('a spec with lint findings that Redoc renders through', () => {
  let scratch: string;
  test.beforeEach(async () => {
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'style-spec-'));
  });
  test.afterEach(async () => fs.rm(scratch, {recursive: true, force: true}));

  // The build with such a spec going on is checked on real documents (tests/build/corpus.spec.ts).
  test('passes the check with one warning naming the file and the pointer, with a single #', async () => {
    const original = await fs.readFile(path.join(REPO_ROOT, singleYaml.specFile), 'utf8');
    // OpenAPI 3.0 allows `nullable` without a `type`, as GitHub's description has it; the lint does not.
    const styled = original.replace(
      '      type: object\n      required: [name, photoUrls]\n',
      '      nullable: true\n      required: [name, photoUrls]\n',
    );
    expect(styled).not.toBe(original);
    const file = path.join(scratch, 'nullable.yaml');
    await fs.writeFile(file, styled);

    const warnings: string[] = [];
    await expect(assertValidSpec(file, (message) => warnings.push(message))).resolves.toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`"${file}"`);
    expect(warnings[0]).toContain('The `type` field must be defined when the `nullable` field is used.');
    expect(warnings[0]).toContain(`(at ${file}#/components/schemas/Pet/nullable)`);
    expect(warnings[0]).not.toContain('##');
  });

  test('the sample specs pass the check without a warning', async () => {
    const warnings: string[] = [];
    const samples = ['openapi/single-file/openapi.yaml', 'openapi/multi-file/openapi.yaml', 'openapi/swagger/swagger.json'];
    for (const file of samples) await assertValidSpec(path.join(REPO_ROOT, file), (message) => warnings.push(message));
    expect(warnings).toEqual([]);
  });
});
