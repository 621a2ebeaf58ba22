/**
 * The kit's CommonJS modules that the build runs in Node.js and the browser's bundles include
 * (reference-kit/reference/shared/*.js) stay CommonJS after Docusaurus's Babel, whatever browsers a
 * site targets. For old targets Babel turns a for-of loop into a helper it imports, which makes the
 * file an ES module whose `module.exports` webpack drops: the console then crashed in a site without
 * a browserslist. Transpiled for Internet Explorer 11 (the oldest target, so every transform runs),
 * each module imports nothing and behaves as it does untranspiled.
 */
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {parse} from 'yaml';
import {REPO_ROOT} from '../../scripts/repoRoot';

const SHARED = path.join(REPO_ROOT, 'reference-kit/reference/shared');
const requireHere = createRequire(__filename);
/** What this test uses of @babel/core (a dependency of Docusaurus's, without type declarations here). */
interface Babel {
  transformSync(
    code: string,
    options: Record<string, unknown>,
  ): {code: string; ast: {program: {body: {type: string; source?: {value: string}}[]}}} | null;
}
const babel = requireHere('@babel/core') as Babel;
const DOCUSAURUS_PRESET = requireHere.resolve('@docusaurus/core/lib/babel/preset');

const commonJsModules = fs
  .readdirSync(SHARED)
  .filter((file) => file.endsWith('.js') && /\bmodule\.exports\s*=/.test(fs.readFileSync(path.join(SHARED, file), 'utf8')));

/** `file` as Docusaurus's client Babel writes it for a site that targets Internet Explorer 11. */
function transpiled(file: string): {code: string; imports: string[]} {
  const previous = process.env.BROWSERSLIST;
  process.env.BROWSERSLIST = 'ie 11';
  try {
    const result = babel.transformSync(fs.readFileSync(file, 'utf8'), {
      filename: file,
      babelrc: false,
      configFile: false,
      ast: true,
      presets: [DOCUSAURUS_PRESET],
      caller: {name: 'client', supportsStaticESM: true, supportsDynamicImport: true},
    })!;
    const imports = result.ast.program.body.filter((node) => node.type === 'ImportDeclaration').map((node) => node.source?.value ?? '');
    return {code: result.code, imports};
  } finally {
    if (previous === undefined) delete process.env.BROWSERSLIST;
    else process.env.BROWSERSLIST = previous;
  }
}

/** Runs transpiled CommonJS code as a module; `./x` requires of the shared folder get their transpiled versions too. */
function loadTranspiled(file: string, cache = new Map<string, unknown>()): Record<string, never> {
  if (cache.has(file)) return cache.get(file) as Record<string, never>;
  const module = {exports: {} as Record<string, never>};
  cache.set(file, module.exports);
  const localRequire = (request: string) => {
    if (request.startsWith('./')) return loadTranspiled(path.join(path.dirname(file), `${request.replace(/\.js$/, '')}.js`), cache);
    return createRequire(file)(request);
  };
  new Function('module', 'exports', 'require', transpiled(file).code)(module, module.exports, localRequire);
  cache.set(file, module.exports);
  return module.exports;
}

test('the shared CommonJS modules are found', () => {
  expect(commonJsModules).toEqual(expect.arrayContaining(['contract.js', 'curlCommand.js', 'operationRequest.js']));
});

for (const file of commonJsModules) {
  test(`${file}: Babel for old browsers imports nothing into it`, () => {
    expect(transpiled(path.join(SHARED, file)).imports).toEqual([]);
  });
}

test("transpiled for old browsers, the request and curl writers give the pet store's requests as they do untranspiled", () => {
  const spec = parse(fs.readFileSync(path.join(REPO_ROOT, 'openapi/single-file/openapi.yaml'), 'utf8'));
  const original = {
    request: requireHere(path.join(SHARED, 'operationRequest.js')) as typeof import('../../reference-kit/reference/shared/operationRequest'),
    curl: requireHere(path.join(SHARED, 'curlCommand.js')) as typeof import('../../reference-kit/reference/shared/curlCommand'),
  };
  const old = {
    request: loadTranspiled(path.join(SHARED, 'operationRequest.js')) as unknown as typeof original.request,
    curl: loadTranspiled(path.join(SHARED, 'curlCommand.js')) as unknown as typeof original.curl,
  };
  let compared = 0;
  for (const [pathName, pathItem] of Object.entries(spec.paths as Record<string, Record<string, unknown>>)) {
    for (const method of Object.keys(pathItem).filter((key) => original.request.METHODS.includes(key))) {
      const where = {base: 'https://docs.example/openapi.yaml'};
      const values = {parameters: {}, credentials: {api_key: 'k', petstore_auth: 't'}};
      const expected = original.request.operationRequest(spec, pathName, method, where, values)!;
      expect(old.request.operationRequest(spec, pathName, method, where, values), `${method} ${pathName}`).toEqual(expected);
      expect(old.curl.curlCommand(expected)).toBe(original.curl.curlCommand(expected));
      expect(old.request.parametersOf(spec, pathItem, pathItem[method] as Record<string, unknown>)).toEqual(
        original.request.parametersOf(spec, pathItem, pathItem[method] as Record<string, unknown>),
      );
      compared++;
    }
  }
  expect(compared).toBeGreaterThan(15);
});
