/**
 * reference-kit/reference/shared/operationRequest.js and reference-kit/lib/requestSamples.js: the
 * request an operation documents, and the samples the build writes from it into `x-codeSamples`.
 * The pet store's operations give the requests a reader would expect; hostile values stay values;
 * and the samples of one operation, run against a local server that checks an API key (curl, and
 * Node.js with its own http), get the response that server gives the request itself.
 */
import {execFile} from 'node:child_process';
import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {parse} from 'yaml';
import {expect, test} from '@playwright/test';
import {REPO_ROOT} from '../../scripts/repoRoot';
import {guideBlocks} from '../../scripts/sites/kitSite';
import {NOTES_API_KEY, notesSpec, startNotesApi} from '../support/notesApi';

import {exampleOf, operationRequest, PLACEHOLDERS} from '../../reference-kit/reference/shared/operationRequest';
import {sample} from 'openapi-sampler';
import {HTTPSnippet} from '@readme/httpsnippet';
import {DEFAULT_LANGUAGES, LANGUAGES, resolveRequestSamples, sampleSource, skippedSamplesWarning, withRequestSamples} from '../../reference-kit/lib/requestSamples';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const run = promisify(execFile);
const petStore: Json = parse(readFileSync(path.join(REPO_ROOT, 'openapi/single-file/openapi.yaml'), 'utf8'));
const BASE = 'https://docs.example/redocusaurus/openapi.yaml';

const header = (request: {headers: {name: string; value: string}[]}, name: string) =>
  request.headers.find((pair) => pair.name.toLowerCase() === name.toLowerCase())?.value;

test.describe('the request of an operation', () => {
  test("the pet store's getPetById: server, path parameter, first security requirement, Accept", () => {
    const request = operationRequest(petStore, '/pet/{petId}', 'get', {base: BASE});
    expect(request).toBeDefined();
    expect(request?.method).toBe('GET');
    // The first server, the parameter's schema example (10), no query for optional parameters.
    expect(request?.url).toBe('https://petstore.example.com/v1/pet/10');
    expect(request?.query).toEqual([]);
    expect(header(request!, 'api_key')).toBe(PLACEHOLDERS.apiKey);
    expect(header(request!, 'Authorization')).toBeUndefined();
    expect(header(request!, 'Accept')).toBe('application/json');
    expect(request?.body).toBeUndefined();
  });

  test("the pet store's addPet: the body's example as JSON, its type, the OAuth token; optional header and cookie left out", () => {
    const request = operationRequest(petStore, '/pet', 'post', {base: BASE});
    expect(request?.url).toBe('https://petstore.example.com/v1/pet');
    expect(header(request!, 'Content-Type')).toBe(request?.body?.mediaType);
    expect(request?.body?.mediaType).toMatch(/json/);
    const body = JSON.parse(request?.body?.text ?? 'null');
    expect(typeof body).toBe('object');
    expect(['cat', 'dog', 'bee']).toContain(body.petType);
    expect(header(request!, 'Authorization')).toBe(`Bearer ${PLACEHOLDERS.accessToken}`);
    expect(header(request!, 'Accept-Language')).toBeUndefined();
    expect(request?.cookies).toEqual([]);
  });

  test('every path and method of the pet store gives a request to an absolute URL with no placeholder left', () => {
    let count = 0;
    for (const [pathName, item] of Object.entries<Json>(petStore.paths)) {
      for (const method of Object.keys(item).filter((key) => ['get', 'put', 'post', 'delete', 'patch'].includes(key))) {
        const request = operationRequest(petStore, pathName, method, {base: BASE});
        expect(request, `${method} ${pathName}`).toBeDefined();
        expect(request!.url, `${method} ${pathName}`).toMatch(/^https:\/\/petstore\.example\.com\/v1\/[^{}]*$/);
        count++;
      }
    }
    expect(count).toBeGreaterThan(10);
  });

  test('server variables, a relative server, styles of parameters and credentials where the scheme puts them', () => {
    const spec: Json = {
      openapi: '3.0.3',
      info: {title: 't', version: '1'},
      servers: [{url: 'https://{region}.api.example/{version}', variables: {region: {default: 'eu'}, version: {default: 'v2'}}}],
      components: {
        securitySchemes: {key: {type: 'apiKey', in: 'query', name: 'key'}, basic: {type: 'http', scheme: 'basic'}},
        parameters: {ids: {name: 'ids', in: 'query', required: true, schema: {type: 'array', items: {type: 'integer'}}, example: [1, 2]}},
      },
      paths: {
        '/items/{id}': {
          parameters: [{name: 'id', in: 'path', required: true, schema: {type: 'string'}, example: 'a b/c'}],
          get: {
            security: [{key: []}],
            parameters: [
              {$ref: '#/components/parameters/ids'},
              {name: 'filter', in: 'query', required: true, style: 'deepObject', explode: true, example: {state: 'open'}},
              {name: 'csv', in: 'query', required: true, explode: false, example: ['x', 'y']},
              {name: 'X-Trace', in: 'header', required: true, schema: {type: 'string', enum: ['on', 'off']}},
            ],
            responses: {'200': {description: 'ok', content: {'application/xml': {}, 'application/json': {}}}},
          },
          put: {
            servers: [{url: '/relative'}],
            security: [{basic: []}],
            requestBody: {content: {'application/x-www-form-urlencoded': {example: {name: 'Rex', tags: ['a', 'b']}}}},
            responses: {'204': {description: 'none'}},
          },
        },
      },
    };
    const get = operationRequest(spec, '/items/{id}', 'get', {base: BASE})!;
    expect(get.url).toBe('https://eu.api.example/v2/items/a%20b%2Fc');
    expect(get.query).toEqual([
      {name: 'ids', value: '1'},
      {name: 'ids', value: '2'},
      {name: 'filter[state]', value: 'open'},
      {name: 'csv', value: 'x,y'},
      {name: 'key', value: PLACEHOLDERS.apiKey},
    ]);
    expect(header(get, 'X-Trace')).toBe('on');
    expect(header(get, 'Accept')).toBe('application/json');
    const put = operationRequest(spec, '/items/{id}', 'put', {base: BASE})!;
    expect(put.url).toBe('https://docs.example/relative/items/a%20b%2Fc');
    expect(header(put, 'Authorization')).toBe(`Basic ${Buffer.from('USERNAME:PASSWORD').toString('base64')}`);
    expect(put.body).toEqual({
      mediaType: 'application/x-www-form-urlencoded',
      params: [
        {name: 'name', value: 'Rex'},
        {name: 'tags', value: 'a'},
        {name: 'tags', value: 'b'},
      ],
    });
  });

  test('a hostile spec: looping and outside $refs, externalValue and values of every type give values, never a fetch or a throw', () => {
    const spec: Json = {
      openapi: '3.0.3',
      info: {title: 't', version: '1'},
      servers: [{url: ['javascript:alert(1)']}, {url: 'https://ok.example'}],
      components: {parameters: {loop: {$ref: '#/components/parameters/loop'}}, examples: {far: {externalValue: 'https://attacker.example/x.json'}}},
      paths: {
        '/x/{id}': {
          post: {
            parameters: [
              {$ref: '#/components/parameters/loop'},
              {$ref: 'https://attacker.example/param.yaml'},
              {name: 'id', in: 'path', required: true, example: '"></script><script>alert(1)</script>'},
              {name: 7, in: 'query', required: true},
            ],
            requestBody: {content: {'application/json': {examples: {far: {$ref: '#/components/examples/far'}}, schema: {$ref: '#/nowhere'}}}},
            security: [{missing: []}],
            responses: 'not an object',
          },
        },
      },
    };
    const request = operationRequest(spec, '/x/{id}', 'post', {base: BASE})!;
    // The server whose url is not a string is skipped; the path parameter is encoded, not markup.
    expect(request.url).toBe(`https://ok.example/x/${encodeURIComponent('"></script><script>alert(1)</script>')}`);
    expect(request.query).toEqual([]);
    expect(request.body).toEqual({mediaType: 'application/json', text: '{}'});
    expect(request.headers.map((pair) => pair.name)).toEqual(['Content-Type']);
    expect(operationRequest(spec, '/x/{id}', 'constructor', {base: BASE})).toBeUndefined();
    expect(operationRequest(spec, '/nowhere', 'get', {base: BASE})).toBeUndefined();
  });
});

test.describe('the request samples the build writes', () => {
  test('the option: every language by default, none with false, the languages named in order, a clear error otherwise', () => {
    expect(resolveRequestSamples(undefined)).toEqual(DEFAULT_LANGUAGES);
    expect(DEFAULT_LANGUAGES).toEqual(['curl', 'javascript', 'node', 'python', 'go', 'java', 'csharp', 'php', 'ruby']);
    expect(resolveRequestSamples(false)).toEqual([]);
    expect(resolveRequestSamples({languages: ['python', 'curl', 'python']})).toEqual(['python', 'curl']);
    expect(() => resolveRequestSamples({languages: ['curl', 'cobol']})).toThrow(/`requestSamples.languages` names "cobol".*It writes curl, javascript/);
    expect(() => resolveRequestSamples('curl')).toThrow(/`requestSamples` option is `false` or `\{languages/);
  });

  test("the guide's step 2 installs the packages the kit asks the site for (its sitePackages), at their versions", () => {
    const {sitePackages} = JSON.parse(readFileSync(path.join(REPO_ROOT, 'reference-kit/package.json'), 'utf8'));
    expect(Object.keys(sitePackages)).toContain('@readme/httpsnippet');
    const merged = guideBlocks('http://127.0.0.1')
      .filter((block) => block.title === 'package.json' && block.apply === 'merge')
      .map((block) => JSON.parse(block.code).dependencies ?? {});
    expect(Object.assign({}, ...merged)).toMatchObject(sitePackages);
  });

  test("the spec's own samples come first and keep their languages; the spec given is not changed", () => {
    const before = JSON.stringify(petStore);
    const spec = withRequestSamples(petStore, DEFAULT_LANGUAGES, BASE);
    expect(JSON.stringify(petStore)).toBe(before);
    // addPet has curl (Shell), fetch (JavaScript) and requests (Python) of its own.
    const own = petStore.paths['/pet'].post['x-codeSamples'];
    const samples = spec.paths['/pet'].post['x-codeSamples'];
    expect(samples.slice(0, own.length)).toEqual(own);
    expect(samples.slice(own.length).map((sample: Json) => sample.label)).toEqual(['Go', 'Java', 'C#', 'PHP', 'Ruby']);
    // deletePet has none of its own: every language, in the option's order.
    const all = spec.paths['/pet/{petId}'].delete['x-codeSamples'];
    expect(all.map((sample: Json) => sample.label)).toEqual(DEFAULT_LANGUAGES.map((id) => LANGUAGES[id].label));
    for (const sample of all) {
      // Node.js's own http takes the host and the path apart.
      expect(sample.source, sample.label).toContain('petstore.example.com');
      expect(sample.source, sample.label).toContain('/v1/pet/10');
      expect(sample.source, sample.label).toContain(PLACEHOLDERS.accessToken);
    }
    // The older spelling is read as the spec's own and written under the newer.
    const older = withRequestSamples(
      {openapi: '3.0.3', info: {title: 't', version: '1'}, servers: [{url: 'https://a.example'}], paths: {'/': {get: {'x-code-samples': [{lang: 'Go', source: 'x'}], responses: {}}}}},
      ['go', 'ruby'],
      BASE,
    );
    expect(older.paths['/'].get['x-code-samples']).toBeUndefined();
    expect(older.paths['/'].get['x-codeSamples'].map((sample: Json) => sample.label ?? sample.lang)).toEqual(['Go', 'Ruby']);
    expect(withRequestSamples(petStore, [], BASE)).toBe(petStore);
  });

  test("a path named __proto__ is a path like the others: kept as the spec's own key, no prototype touched", () => {
    const spec: Json = JSON.parse(
      '{"openapi":"3.0.3","info":{"title":"t","version":"1"},"servers":[{"url":"https://a.example"}],' +
        '"paths":{"__proto__":{"get":{"responses":{}}},"/b":{"get":{"responses":{}},"constructor":{"x":1}}}}',
    );
    const result = withRequestSamples(spec, ['curl'], BASE);
    expect(Object.getPrototypeOf(result.paths)).toBe(Object.prototype);
    expect(Object.keys(result.paths)).toEqual(['__proto__', '/b']);
    expect(Object.getOwnPropertyDescriptor(result.paths, '__proto__')?.value.get['x-codeSamples'][0].source).toContain('https://a.example/__proto__');
    expect(result.paths['/b'].get['x-codeSamples'][0].source).toContain('https://a.example/b');
    expect(({} as Json).get).toBeUndefined();
  });

  test("one operation's curl and Node.js samples, run against a local server, get the server's response", async () => {
    const api = await startNotesApi();
    try {
      const spec = notesSpec([{url: `${api.origin}/v1`}]);
      const samples: Json[] = withRequestSamples(spec, ['curl', 'node'], BASE).paths['/boards/{board}/notes'].post['x-codeSamples'];
      const source = (label: string) => samples.find((sample) => sample.label === label).source.split(PLACEHOLDERS.apiKey).join(NOTES_API_KEY);
      // The body is a sample of the schema (pinned: true) with the property's example.
      const expected = {created: {text: "Buy milk, don't forget", pinned: true}, board: 'kitchen', notify: 'true'};

      const curl = await run('bash', ['-c', source('curl')]);
      expect(JSON.parse(curl.stdout)).toEqual(expected);

      // The Node.js sample is a CommonJS script that prints the response's body.
      const directory = mkdtempSync(path.join(tmpdir(), 'request-sample-'));
      const file = path.join(directory, 'sample.cjs');
      writeFileSync(file, source('Node.js'));
      const node = await run(process.execPath, [file]);
      expect(JSON.parse(node.stdout)).toEqual(expected);
      expect(api.received).toHaveLength(2);
      expect(api.received[1]).toEqual(api.received[0]);
      expect(api.received[0]).toMatchObject({method: 'POST', url: '/v1/boards/kitchen/notes?notify=true', key: NOTES_API_KEY, type: 'application/json'});
    } finally {
      await api.close();
    }
  });
});

test.describe('what the samples are bounded by', () => {
  /** A spec with one operation, POST /things, whose JSON body is `body` (a schema, or an example of its own). */
  const oneBody = (media: Json, components: Json = {}): Json => ({
    openapi: '3.0.3',
    info: {title: 't', version: '1'},
    servers: [{url: 'https://a.example'}],
    paths: {'/things': {post: {requestBody: {content: {'application/json': media}}, responses: {201: {description: 'Created'}}}}},
    components,
  });
  const nestingOf = (value: unknown): number =>
    typeof value === 'object' && value !== null ? 1 + Math.max(0, ...Object.values(value).map(nestingOf)) : 0;

  test("a schema graph that grows at each level gets the deepest sample within 4 KiB; the pet store's schemas their whole samples", () => {
    // Eight kinds of node, each with six links to the next, as Microsoft Graph's entities link to
    // dozens of others: six times the JSON at each level.
    const schemas = Object.fromEntries(
      Array.from({length: 8}, (_, level) => {
        const links = level === 7 ? {} : Object.fromEntries(['a', 'b', 'c', 'd', 'e', 'f'].map((name) => [name, {$ref: `#/components/schemas/Node${level + 1}`}]));
        return [`Node${level}`, {type: 'object', properties: {id: {type: 'string', example: `node-${level}`}, size: {type: 'integer'}, ...links}}];
      }),
    );
    const spec = oneBody({schema: {$ref: '#/components/schemas/Node0'}}, {schemas});
    const body = JSON.parse(operationRequest(spec, '/things', 'post', {base: BASE})!.body!.text!);
    expect(JSON.stringify(body).length).toBeLessThanOrEqual(4 * 1024);
    // The sampler's depth that gives this body, and one more, which does not fit: the bound keeps what it can.
    const sampled = (depth: number) => sample(spec.components.schemas.Node0, {skipReadOnly: true, skipWriteOnly: true, quiet: true, maxSampleDepth: depth} as never, spec);
    const depth = [1, 2, 3, 4, 5, 6, 7, 8].find((candidate) => JSON.stringify(sampled(candidate)) === JSON.stringify(body));
    expect(depth).toBeGreaterThanOrEqual(3);
    expect(nestingOf(body)).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(sampled(depth! + 1)).length).toBeGreaterThan(4 * 1024);
    // The pet store's schemas end within the bound: their samples are what the sampler gives at its own depth.
    for (const name of Object.keys(petStore.components.schemas)) {
      // exampleOf samples the schema a `$ref` leads to, as the kit did before the bound.
      const whole = sample(petStore.components.schemas[name], {skipReadOnly: true, skipWriteOnly: true, quiet: true}, petStore);
      expect(exampleOf(petStore, {schema: {$ref: `#/components/schemas/${name}`}}, {skipReadOnly: true}), name).toEqual(whole);
    }
  });

  test("a body deeper than PHP's writer takes gets no PHP sample, the other languages' all, and a warning naming the operation", () => {
    // PHP's writer doubles its indent at each level: 26 levels pass V8's longest string and stopped the build.
    let example: Json = 'leaf';
    for (let level = 0; level < 26; level++) example = {inner: example};
    const skipped: Json[] = [];
    const spec = withRequestSamples(oneBody({example}), DEFAULT_LANGUAGES, BASE, skipped);
    const labels = spec.paths['/things'].post['x-codeSamples'].map((written: Json) => written.label);
    expect(labels).toEqual(DEFAULT_LANGUAGES.filter((id) => id !== 'php').map((id) => LANGUAGES[id].label));
    expect(skipped).toEqual([{operation: 'POST /things', language: 'PHP', reason: 'its body nests 26 levels, and the PHP writer takes 8'}]);
    const warning = skippedSamplesWarning('openapi/deep.json', skipped);
    expect(warning).toBe(
      'reference-kit: openapi/deep.json: one request sample was not written; the operations keep their other samples.\n' +
        '- PHP for POST /things: its body nests 26 levels, and the PHP writer takes 8',
    );
    // Eight levels are written.
    let shallow: Json = 'leaf';
    for (let level = 0; level < 8; level++) shallow = {inner: shallow};
    const none: Json[] = [];
    expect(withRequestSamples(oneBody({example: shallow}), ['php'], BASE, none).paths['/things'].post['x-codeSamples']).toHaveLength(1);
    expect(none).toEqual([]);
    expect(skippedSamplesWarning('openapi/deep.json', none)).toBeUndefined();
  });

  test("a writer that fails costs its own sample, with the writer's error as the reason; a long list is counted", () => {
    // httpsnippet 10.1.1's writers but the JavaScript ones fail on a header without a value.
    const snippet = new HTTPSnippet({
      method: 'GET',
      url: 'https://a.example/things',
      httpVersion: 'HTTP/1.1',
      queryString: [],
      headers: [{name: 'X-Empty', value: undefined as never}],
      cookies: [],
      headersSize: -1,
      bodySize: -1,
    } as never);
    expect(sampleSource(snippet, LANGUAGES.python, 0)).toEqual({reason: expect.stringMatching(/^the Python writer failed: TypeError: /)});
    expect(sampleSource(snippet, LANGUAGES.javascript, 0)).toEqual({source: expect.stringContaining("'X-Empty'")});
    const skipped = Array.from({length: 7}, (_, index) => ({operation: `GET /things/${index}`, language: 'Go', reason: 'the Go writer failed: TypeError: x'}));
    const lines = skippedSamplesWarning('https://api.example/openapi.json', skipped)!.split('\n');
    expect(lines[0]).toBe('reference-kit: https://api.example/openapi.json: 7 request samples were not written; the operations keep their other samples.');
    expect(lines.slice(1)).toEqual([...skipped.slice(0, 5).map((skip) => `- Go for ${skip.operation}: ${skip.reason}`), '- and 2 more']);
    // A path's control characters (an escape sequence, a line break) reach the terminal escaped.
    const hostile = skippedSamplesWarning('spec.json', [{operation: 'GET /a\u001b[2J\nfake', language: 'Go', reason: 'r'}]);
    expect(hostile).toBe('reference-kit: spec.json: one request sample was not written; the operations keep their other samples.\n- Go for GET /a\\u001b[2J\\u000afake: r');
  });
});
