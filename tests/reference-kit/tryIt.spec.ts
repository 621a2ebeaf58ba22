/**
 * The console's parts that run without a page: the request as curl
 * (reference-kit/reference/shared/curlCommand.js), the mock server and its check of a body
 * (reference/browser/tryIt/mock.ts, schemaErrors.ts), the option (lib/tryIt.js), and the origins
 * the site's policy lets the consoles send to (lib/serverOrigins.js, lib/contentSecurityPolicy.js).
 */
import {execFile} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {promisify} from 'node:util';
import {parse} from 'yaml';
import {expect, test} from '@playwright/test';
import {REPO_ROOT} from '../../scripts/repoRoot';
import {operationRequest} from '../../reference-kit/reference/shared/operationRequest';
import {curlCommand} from '../../reference-kit/reference/shared/curlCommand';
import {mockResponse} from '../../reference-kit/reference/browser/tryIt/mock';
import {schemaErrors} from '../../reference-kit/reference/browser/tryIt/schemaErrors';
import {browserFlowsOf} from '../../reference-kit/reference/browser/tryIt/oauth';
import {resolveTryIt} from '../../reference-kit/lib/tryIt';
import {recordServerOrigins, serverOrigins} from '../../reference-kit/lib/serverOrigins';
import {resolveContentSecurityPolicy, withConnectSources} from '../../reference-kit/lib/contentSecurityPolicy';
import {NOTES_API_KEY, notesSpec, startNotesApi} from '../support/notesApi';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const run = promisify(execFile);
const petStore: Json = parse(readFileSync(path.join(REPO_ROOT, 'openapi/single-file/openapi.yaml'), 'utf8'));
const BASE = 'https://docs.example/redocusaurus/openapi.yaml';

test.describe('the request as curl', () => {
  test('values with quotes, spaces and shell syntax reach the server as typed', async () => {
    const api = await startNotesApi();
    try {
      const typed = `it's $(touch /tmp/never) \`x\` "q" ; & | > done`;
      const request = operationRequest(notesSpec([{url: `${api.origin}/v1`}]), '/boards/{board}/notes', 'post', {base: BASE}, {
        parameters: {'path:board': 'a b', 'query:notify': 'yes & no'},
        body: JSON.stringify({text: typed}),
        credentials: {key: NOTES_API_KEY},
      })!;
      const {stdout} = await run('bash', ['-c', curlCommand(request)]);
      expect(JSON.parse(stdout)).toEqual({created: {text: typed}, board: 'a b', notify: 'yes & no'});
    } finally {
      await api.close();
    }
  });

  test('a form body, credentials and headers, one option a line', () => {
    const request = operationRequest(petStore, '/pet/{petId}', 'post', {base: BASE}, {parameters: {'path:petId': '7'}, credentials: {petstore_auth: 'abc'}});
    const command = curlCommand(request!);
    expect(command.split(' \\\n  ')[0]).toBe('curl --request POST');
    expect(command).toContain("--url 'https://petstore.example.com/v1/pet/7");
    expect(command).toContain("--header 'Authorization: Bearer abc'");
    expect(command).toMatch(/--data-urlencode 'name=[^']*' \\\n {2}--data-urlencode 'status=[^']*'$/);
  });
});

test.describe('the mock server', () => {
  test("answers the pet store's operations with the status they document and their example", () => {
    for (const [pathName, method] of [
      ['/pet/{petId}', 'get'],
      ['/pet', 'post'],
      ['/store/order', 'post'],
      ['/store/inventory', 'get'],
    ] as const) {
      const request = operationRequest(petStore, pathName, method, {base: BASE})!;
      const response = mockResponse(petStore, pathName, method, request);
      expect(response.status, `${method} ${pathName}`).toBeGreaterThanOrEqual(200);
      expect(response.status, `${method} ${pathName}`).toBeLessThan(300);
      if (response.body !== '') expect(() => JSON.parse(response.body), `${method} ${pathName}`).not.toThrow();
    }
    const pet = mockResponse(petStore, '/pet/{petId}', 'get', operationRequest(petStore, '/pet/{petId}', 'get', {base: BASE})!);
    expect(JSON.parse(pet.body)).toHaveProperty('name');
    expect(pet.headers).toContainEqual(['content-type', 'application/json']);
  });

  test('refuses a body that is not JSON, or does not match the schema, and a missing required parameter, saying what is wrong', () => {
    const notes = notesSpec([{url: 'https://notes.example/v1'}]);
    const send = (values: Json) => mockResponse(notes, '/boards/{board}/notes', 'post', operationRequest(notes, '/boards/{board}/notes', 'post', {base: BASE}, values)!);
    expect(send({}).status).toBe(201);
    const broken = send({body: '{"text": '});
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body).problems[0]).toMatch(/^The body is not JSON/);
    const wrong = send({body: JSON.stringify({text: '', pinned: 'yes'})});
    expect(wrong.status).toBe(400);
    expect(JSON.parse(wrong.body).problems).toEqual(['body.text needs at least 1 character.', 'body.pinned is a string; it must be boolean.']);
    const missing = send({body: JSON.stringify({pinned: true}), parameters: {'query:notify': undefined}});
    expect(JSON.parse(missing.body).problems).toEqual(['The query parameter notify is required.', 'body.text is required.']);
  });

  test('the schema check follows $refs, oneOf with a discriminator, arrays and bounds, and stops on a loop', () => {
    // addPet's body is one of Cat, Dog or HoneyBee, by petType.
    const body = (resolvedBody: Json) => schemaErrors(petStore, petStore.components.requestBodies.Pet.content['application/json'].schema, resolvedBody);
    expect(body({name: 'Mochi', petType: 'cat', huntingSkill: 'lazy', photoUrls: []})).toEqual([]);
    expect(body({name: 'Mochi', petType: 'fish', photoUrls: 'x'}).length).toBeGreaterThan(0);
    const looping = {components: {schemas: {Node: {type: 'object', properties: {child: {$ref: '#/components/schemas/Node'}}}}}};
    let deep: Json = {};
    for (let level = 0; level < 100; level++) deep = {child: deep};
    expect(schemaErrors(looping, {$ref: '#/components/schemas/Node'}, deep)).toEqual([]);
    expect(schemaErrors({}, {type: 'array', items: {type: 'integer', maximum: 3}, maxItems: 2}, [1, 5, 2])).toEqual(['body takes at most 2 items.', 'body[1] must be at most 3.']);
  });
});

test('the OAuth 2 flows a console signs in with: authorization code with a token URL, and implicit; web addresses only', () => {
  const scheme = {
    type: 'oauth2',
    flows: {
      implicit: {authorizationUrl: '/authorize', scopes: {'read:pets': 'read pets', odd: 3}},
      authorizationCode: {authorizationUrl: 'https://login.example/authorize', tokenUrl: 'https://login.example/token', scopes: {}},
      clientCredentials: {tokenUrl: 'https://login.example/token', scopes: {}},
      password: {tokenUrl: 'https://login.example/token', scopes: {}},
    },
  };
  expect(browserFlowsOf(scheme, BASE)).toEqual([
    {kind: 'authorizationCode', authorizationUrl: 'https://login.example/authorize', tokenUrl: 'https://login.example/token', scopes: []},
    {kind: 'implicit', authorizationUrl: new URL('/authorize', BASE).href, tokenUrl: undefined, scopes: [{name: 'read:pets', description: 'read pets'}, {name: 'odd', description: ''}]},
  ]);
  // A spec's script URL, an array where a URL goes, or a code flow without its token URL: no sign-in.
  expect(
    browserFlowsOf(
      {type: 'oauth2', flows: {implicit: {authorizationUrl: 'javascript:alert(1)', scopes: {}}, authorizationCode: {authorizationUrl: ['https://a.example'], tokenUrl: 'https://a.example/t'}}},
      BASE,
    ),
  ).toEqual([]);
  expect(browserFlowsOf({type: 'oauth2', flows: {authorizationCode: {authorizationUrl: 'https://a.example/authorize'}}}, BASE)).toEqual([]);
  expect(browserFlowsOf({type: 'apiKey', name: 'key', in: 'header'}, BASE)).toEqual([]);
});

test.describe('the option and the policy', () => {
  test('tryIt: on by default, off with false, mockFirst, a clear error otherwise', () => {
    expect(resolveTryIt(undefined)).toEqual({mockFirst: false});
    expect(resolveTryIt(false)).toBe(false);
    expect(resolveTryIt({mockFirst: true})).toEqual({mockFirst: true});
    expect(() => resolveTryIt({mock: true})).toThrow(/`tryIt` option is `false` or `\{mockFirst/);
    expect(() => resolveTryIt('yes')).toThrow(/`tryIt` option/);
  });

  test("connect-src allows the servers' origins, variables filled, and the token URLs of sign-ins, and nothing of the site's own or a spec's non-HTTP URLs", () => {
    const context: Json = {siteConfig: {url: 'https://docs.example'}};
    recordServerOrigins(
      context,
      {
        servers: [{url: 'https://{region}.api.example/v1', variables: {region: {default: 'eu', enum: ['eu', 'us']}}}, {url: '/relative'}, {url: 'javascript:alert(1)'}],
        paths: {'/a': {servers: [{url: 'http://127.0.0.1:9999'}], get: {servers: [{url: 'wss://socket.example'}]}}},
        // A sign-in's code goes to the token URL; the authorization URL is a page the reader opens, not a request.
        components: {
          securitySchemes: {
            code: {type: 'oauth2', flows: {authorizationCode: {authorizationUrl: 'https://login.example/authorize', tokenUrl: 'https://tokens.example/token', scopes: {}}}},
            implicit: {type: 'oauth2', flows: {implicit: {authorizationUrl: 'https://implicit.example/authorize', scopes: {}}}},
          },
        },
      },
      BASE,
    );
    expect(serverOrigins(context)).toEqual(['http://127.0.0.1:9999', 'https://eu.api.example', 'https://tokens.example', 'https://us.api.example']);
    const policy = withConnectSources(resolveContentSecurityPolicy(undefined) as Json, serverOrigins(context));
    expect(policy['connect-src']).toEqual(["'self'", 'http://127.0.0.1:9999', 'https://eu.api.example', 'https://tokens.example', 'https://us.api.example']);
    expect(serverOrigins({siteConfig: {url: 'https://other.example'}} as Json)).toEqual([]);
  });
});
