/**
 * The Swagger 2.0 JSON describes the same API as the single-file OpenAPI 3
 * spec, as far as Swagger 2.0 can, and says what it had to leave out.
 */
import {expect, test} from '@playwright/test';
import {SOURCES, bundledDoc, flatSchema, follow, operations, readSwagger, walk, type Json} from './helpers';
import {ERRORS, LANGUAGES, MAIN_OPERATIONS, PET_KINDS, PET_WRITES, SCHEMA_NAMES} from './expectations';


test('is Swagger 2.0 with a host, base path and the same info (title and description aside)', async () => {
  const swagger = readSwagger();
  const single = await bundledDoc(SOURCES.single);
  expect(swagger.swagger).toBe('2.0');
  expect.soft(swagger.host, 'host').toBe(new URL(single.servers[0].url).host);
  expect.soft(swagger.basePath, 'basePath').toBe(new URL(single.servers[0].url).pathname);
  expect.soft(swagger.schemes, 'schemes').toEqual(['https']);
  const {title, description, ...info} = swagger.info;
  const {title: _singleTitle, description: singleDescription, ...singleInfo} = single.info;
  expect.soft(info, 'contact, licence, version, x-logo').toEqual(singleInfo);
  expect.soft(title, 'a title of its own').toBe('Swagger Petstore (Swagger 2.0)');
  expect.soft(singleDescription, 'single file has a description').toBeTruthy();
  expect.soft(description, 'description').toBeTruthy();
  for (const key of ['tags', 'x-tagGroups', 'externalDocs']) expect.soft(swagger[key], key).toEqual(single[key]);
});

test('info.description says what differs from the OpenAPI 3 version and why', () => {
  const description: string = readSwagger().info.description;
  const rows: Array<[string, RegExp]> = [
    ['a section about the differences', /differs from the OpenAPI 3 version/i],
    ['callbacks', /callbacks?[\s\S]*Swagger 2\.0 has no callbacks/i],
    ['oneOf', /`oneOf`[\s\S]*Swagger 2\.0 has no `oneOf`/],
    ['cookie parameters', /cookie[\s\S]*cannot be in a cookie/i],
    ['writeOnly', /`writeOnly`[\s\S]*only has `readOnly`/],
    ['discriminator mapping', /discriminator[\s\S]*x-discriminator-value/],
    ['servers', /single host/i],
    ['examples', /no request-body examples/i],
  ];
  for (const [label, pattern] of rows) expect.soft(description, label).toMatch(pattern);
});

test('same operations: ids, methods, paths, summaries, tags, codes and error descriptions', async () => {
  const swagger = readSwagger();
  const single = await bundledDoc(SOURCES.single);
  const mine = new Map(operations(swagger).map((o) => [o.operationId, o]));
  expect([...mine.keys()].sort(), 'operation ids').toEqual(operations(single).map((o) => o.operationId).sort());
  for (const o of operations(single)) {
    const other = mine.get(o.operationId);
    if (!other) continue;
    expect.soft(`${other.method} ${other.path}`, `${o.operationId} method and path`).toBe(`${o.method} ${o.path}`);
    for (const key of ['summary', 'description', 'tags', 'deprecated', 'security', 'x-codeSamples']) {
      if (key === 'description' && o.operationId === 'subscribeToOrderUpdates') continue; // adds a note on callbacks
      expect.soft(other.op[key], `${o.operationId} ${key}`).toEqual(o.op[key]);
    }
    expect.soft(Object.keys(other.op.responses).sort(), `${o.operationId} response codes`).toEqual(Object.keys(o.op.responses).sort());
  }
  for (const [operationId, code, description] of ERRORS) {
    const response = follow(swagger, mine.get(operationId)?.op.responses[code] ?? {});
    expect.soft(response.description, `${operationId} ${code}`).toBe(description);
  }
  const invalidOrder = mine.get('placeOrder')?.op.responses['400'];
  expect.soft(invalidOrder?.examples?.['application/json'], 'Invalid Order example').toEqual({status: 400, message: 'Invalid Order'});
  for (const id of MAIN_OPERATIONS) {
    expect.soft(new Set((mine.get(id)?.op['x-codeSamples'] ?? []).map((s: Json) => s.lang)).size, `${id} code samples`).toBeGreaterThanOrEqual(3);
  }
});

test('definitions cover the same entities with the same fields', async () => {
  const swagger = readSwagger();
  const single = await bundledDoc(SOURCES.single);
  expect(Object.keys(swagger.definitions).sort(), 'definition names').toEqual([...SCHEMA_NAMES].sort());
  for (const name of SCHEMA_NAMES) {
    const mine = flatSchema(swagger, swagger.definitions[name]);
    const theirs = flatSchema(single, single.components.schemas[name]);
    expect.soft(Object.keys(mine.properties).sort(), `${name} fields`).toEqual(Object.keys(theirs.properties).sort());
    // Swagger 2.0 requires the discriminator property; otherwise the lists match.
    const expectedRequired = ['Pet', 'Cat', 'Dog', 'HoneyBee'].includes(name) ? [...theirs.required, 'petType'] : theirs.required;
    expect.soft(mine.required.sort(), `${name} required`).toEqual(expectedRequired.sort());
    for (const [property, schema] of Object.entries<Json>(theirs.properties)) {
      const other = mine.properties[property];
      if (!other || schema.$ref || schema.oneOf) continue;
      for (const key of ['type', 'format', 'enum', 'default', 'minimum', 'maximum', 'minLength', 'maxItems', 'minItems', 'multipleOf', 'pattern', 'readOnly']) {
        expect.soft(other[key], `${name}.${property} ${key}`).toEqual(schema[key]);
      }
    }
  }
  expect.soft(swagger.definitions.Pet.discriminator, 'Pet discriminator').toBe('petType');
  for (const [petType, schemaName] of PET_KINDS) {
    expect.soft(swagger.definitions[schemaName]['x-discriminator-value'], `${schemaName} x-discriminator-value`).toBe(petType);
    expect.soft(swagger.definitions[schemaName].allOf?.[0], `${schemaName} extends Pet`).toEqual({$ref: '#/definitions/Pet'});
  }
  expect.soft(swagger.definitions.Id, 'Id').toMatchObject({type: 'integer', format: 'int64', readOnly: true});
});

test('uses no OpenAPI 3 only feature (callbacks, oneOf, cookie params, writeOnly, requestBody)', () => {
  const found: string[] = [];
  walk(readSwagger(), (value, at) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return;
    for (const key of ['callbacks', 'oneOf', 'anyOf', 'writeOnly', 'requestBody', 'components', 'servers', 'nullable']) {
      if (key in value && !/\/(properties|definitions)$/.test(at)) found.push(`${at}/${key}`);
    }
    if (value.in === 'cookie') found.push(`${at} cookie parameter`);
  });
  expect(found).toEqual([]);
});

test('parameters, bodies, security and login headers carry over', async () => {
  const swagger = readSwagger();
  const byId = new Map(operations(swagger).map((o) => [o.operationId, o]));
  const params = (id: string) => {
    const o = byId.get(id);
    return [...(o?.pathParameters ?? []), ...(o?.op.parameters ?? [])].map((p: Json) => follow(swagger, p));
  };
  for (const id of PET_WRITES) {
    const language = params(id).find((p) => p.in === 'header' && p.name === 'Accept-Language');
    expect.soft(language, `${id} Accept-Language`).toMatchObject({type: 'string', enum: LANGUAGES, default: 'en-AU'});
    expect.soft(byId.get(id)?.op.security, `${id} OAuth scopes`).toEqual([{petstore_auth: ['write:pets', 'read:pets']}]);
  }
  expect.soft(params('findPetsByStatus').find((p) => p.name === 'status'), 'status filter').toMatchObject({
    in: 'query',
    type: 'array',
    minItems: 1,
    maxItems: 3,
    collectionFormat: 'multi',
    items: {enum: ['available', 'pending', 'sold']},
  });
  expect.soft(params('getOrderById').find((p) => p.name === 'orderId'), 'orderId').toMatchObject({minimum: 1, maximum: 5});
  const upload = byId.get('uploadFile')?.op;
  expect.soft(upload?.consumes, 'uploadFile consumes').toEqual(['application/octet-stream']);
  expect.soft(params('uploadFile').find((p) => p.in === 'body')?.schema, 'uploadFile body').toEqual({type: 'string', format: 'binary'});
  expect.soft(byId.get('updatePetWithForm')?.op.consumes, 'form consumes').toEqual(['application/x-www-form-urlencoded']);
  expect.soft(params('updatePetWithForm').filter((p) => p.in === 'formData').map((p) => p.name), 'form fields').toEqual(['name', 'status']);
  const inventory = byId.get('getInventory')?.op.responses['200'];
  expect.soft(inventory?.schema, 'inventory map').toEqual({type: 'object', additionalProperties: {type: 'integer', format: 'int32'}});
  const login = byId.get('loginUser')?.op.responses['200'].headers ?? {};
  expect.soft(login['X-Rate-Limit'], 'X-Rate-Limit').toMatchObject({type: 'integer', format: 'int32'});
  expect.soft(login['X-Expires-After'], 'X-Expires-After').toMatchObject({type: 'string', format: 'date-time'});
  expect.soft(swagger.securityDefinitions.api_key, 'api_key').toMatchObject({type: 'apiKey', in: 'header', name: 'api_key'});
  expect.soft(swagger.securityDefinitions.petstore_auth, 'petstore_auth').toMatchObject({type: 'oauth2', flow: 'implicit'});
  expect.soft(Object.keys(swagger.securityDefinitions.petstore_auth.scopes).sort(), 'scopes').toEqual(['read:pets', 'write:pets']);
  const subscribe = params('subscribeToOrderUpdates').find((p) => p.in === 'body')?.schema;
  expect.soft(subscribe?.required, 'subscribe body required').toEqual(['callbackUrl', 'eventName']);
});

test('every response with a body has an example', () => {
  const swagger = readSwagger();
  for (const {operationId, op} of operations(swagger)) {
    for (const [code, raw] of Object.entries<Json>(op.responses)) {
      const response = follow(swagger, raw);
      if (!response.schema) continue;
      expect.soft(Object.keys(response.examples ?? {}).length, `${operationId} ${code} example`).toBeGreaterThan(0);
    }
  }
});
