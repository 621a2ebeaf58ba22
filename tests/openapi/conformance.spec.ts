/**
 * The sample pet store API contains what the product spec (§3–§9) and the
 * issue ask for, in each OpenAPI 3 source: single file, multi-file (bundled)
 * and the remote example's offline copy. Node only: no browser page.
 *
 * Each table row in ./expectations.ts is one soft assertion whose message
 * names the row, so one run lists every missing item.
 */
import {expect, test} from '@playwright/test';
import {
  SOURCES,
  bundled,
  bundledDoc,
  flatSchema,
  follow,
  lintProblems,
  operationById,
  operations,
  parametersOf,
  pointer,
  walk,
  type Json,
} from './helpers';
import {
  CALLBACKS,
  CALLBACK_REPLIES,
  ERRORS,
  FIELDS,
  LANGUAGES,
  MAIN_OPERATIONS,
  MODEL_TAGS,
  OPERATIONS,
  PASSWORDS,
  PET_KINDS,
  PET_WRITES,
  PHONE_READINGS,
  REQUIRED,
  SCHEMA_NAMES,
  SECURITY,
  VARIANTS,
} from './expectations';

/** Replaces `$ref` values by the component name they point to. */
function refNames(node: Json): Json {
  if (Array.isArray(node)) return node.map(refNames);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? v.split('/').pop() : refNames(v)]),
  );
}

const refName = (node: Json): string | undefined => (typeof node?.$ref === 'string' ? node.$ref.split('/').pop() : undefined);

function schemaOf(doc: Json, name: string): Json {
  return doc.components?.schemas?.[name];
}

/** Every media type object of an operation (request body and responses), with a label. */
function mediaTypes(doc: Json, op: Json, label: string): Array<{at: string; mediaType: string; media: Json}> {
  const found: Array<{at: string; mediaType: string; media: Json}> = [];
  if (op.requestBody) {
    for (const [mediaType, media] of Object.entries<Json>(follow(doc, op.requestBody).content ?? {})) {
      found.push({at: `${label} request ${mediaType}`, mediaType, media});
    }
  }
  for (const [code, response] of Object.entries<Json>(op.responses ?? {})) {
    for (const [mediaType, media] of Object.entries<Json>(follow(doc, response).content ?? {})) {
      found.push({at: `${label} ${code} ${mediaType}`, mediaType, media});
    }
  }
  return found;
}

/** Example values of a media type object (`example` or each of `examples`). */
function exampleValues(doc: Json, media: Json): Json[] {
  if (media.example !== undefined) return [media.example];
  return Object.values<Json>(media.examples ?? {}).map((e) => follow(doc, e).value);
}

/** Operations of `paths` and of every callback, with a label. */
function allOperations(doc: Json): Array<{label: string; op: Json}> {
  const result: Array<{label: string; op: Json}> = [];
  for (const {operationId, op} of operations(doc)) {
    result.push({label: operationId, op});
    for (const [event, callback] of Object.entries<Json>(op.callbacks ?? {})) {
      for (const [expression, item] of Object.entries<Json>(follow(doc, callback))) {
        for (const [method, cbOp] of Object.entries<Json>(item)) result.push({label: `${operationId} callback ${event} ${method} ${expression}`, op: cbOp});
      }
    }
  }
  return result;
}

test.describe('redocly lint', () => {
  for (const [name, source] of Object.entries(SOURCES)) {
    test(`${name} (${source}) has no lint errors or warnings`, async () => {
      const problems = await lintProblems(source);
      const reported = problems
        .filter((p) => p.severity === 'error' || p.severity === 'warn')
        .map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
      expect(reported).toEqual([]);
    });
  }
});

for (const variant of VARIANTS) {
  test.describe(`${variant.name} (${variant.source})`, () => {
    test('bundles without problems into OpenAPI 3.0.3 with local refs only', async () => {
      const {doc, problems} = await bundled(variant.source);
      expect(problems.map((p) => p.message)).toEqual([]);
      expect(doc.openapi).toBe('3.0.3');
      walk(doc, (value, at) => {
        if (value && typeof value === 'object' && typeof value.$ref === 'string') {
          expect.soft(value.$ref, `${at} points inside the document`).toMatch(/^#\//);
          expect.soft(() => pointer(doc, value.$ref), `${at} resolves`).not.toThrow();
        }
      });
    });

    test('info: title, version, contact, licence, logo and a Markdown description', async () => {
      const {info} = await bundledDoc(variant.source);
      expect.soft(info.title, 'title').toBe(variant.title);
      expect.soft(info.version, 'version').toBe('1.0.0');
      expect.soft(info.contact?.name, 'contact name').toBeTruthy();
      expect.soft(info.contact?.email, 'contact email').toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
      expect.soft(info.contact?.url, 'contact url').toMatch(/^https:\/\//);
      expect.soft(info.license?.name, 'licence name').toBe('Apache 2.0');
      expect.soft(info.license?.url, 'licence url').toMatch(/^https:\/\/www\.apache\.org\/licenses\/LICENSE-2\.0/);
      expect.soft(info['x-logo']?.url, 'x-logo url (shipped by the site)').toBe('/img/logo.svg');
      expect.soft(info['x-logo']?.altText, 'x-logo altText').toBeTruthy();
      const markdown: string = info.description ?? '';
      expect.soft(markdown, 'description has a list').toMatch(/^\s*(?:[-*]|\d+\.) \S/m);
      expect.soft(markdown, 'description has a code block').toMatch(/```[a-z]*\n[\s\S]+?\n```/);
      expect.soft(markdown, 'description has a link').toMatch(/\[[^\]]+\]\(https?:\/\/[^)]+\)/);
      expect.soft(markdown, 'description has a table').toMatch(/^\|.+\|\n\|(?:\s*:?-+:?\s*\|)+$/m);
      expect.soft(markdown, 'description has inline code').toMatch(/`[^`\n]+`/);
    });

    test('servers: production and sandbox', async () => {
      const {servers} = await bundledDoc(variant.source);
      expect(servers?.length, 'at least two servers').toBeGreaterThanOrEqual(2);
      for (const server of servers ?? []) {
        expect.soft(server.url, 'https server url').toMatch(/^https:\/\/[^/]+\/v1$/);
        expect.soft(server.description, `description of ${server.url}`).toBeTruthy();
      }
      expect.soft(servers.map((s: Json) => s.description).join(' '), 'a sandbox server').toMatch(/sandbox/i);
    });

    test('tags have descriptions and x-tagGroups cover every tag once', async () => {
      const doc = await bundledDoc(variant.source);
      const tagNames = doc.tags.map((t: Json) => t.name);
      expect(tagNames).toEqual(['pet', 'store', 'user', ...MODEL_TAGS.map(([tag]) => tag)]);
      for (const tag of doc.tags) expect.soft(tag.description, `description of tag ${tag.name}`).toBeTruthy();
      const groups: Json[] = doc['x-tagGroups'] ?? [];
      expect.soft(groups.map((g) => g.name), 'group names').toEqual(['Pets', 'Store', 'Users', 'Models']);
      expect.soft(groups.find((g) => g.name === 'Models')?.tags, 'the Models group').toEqual(MODEL_TAGS.map(([tag]) => tag));
      for (const name of tagNames) {
        expect.soft(groups.filter((g) => g.tags.includes(name)).length, `tag ${name} is in exactly one group`).toBe(1);
      }
      const grouped = groups.flatMap((g) => g.tags);
      for (const name of grouped) expect.soft(tagNames, `grouped tag ${name} is declared`).toContain(name);
      for (const {operationId, op} of operations(doc)) {
        for (const tag of op.tags ?? []) expect.soft(tagNames, `tag ${tag} of ${operationId} is declared`).toContain(tag);
      }
    });

    test('model tags show one schema each, named after it, and no operation uses them', async () => {
      const doc = await bundledDoc(variant.source);
      const schemas = Object.keys(doc.components.schemas);
      const used = new Set(operations(doc).flatMap(({op}) => op.tags ?? []));
      for (const [name, schema] of MODEL_TAGS) {
        const tag = doc.tags.find((t: Json) => t.name === name);
        expect.soft(tag?.['x-displayName'], `${name} is shown as ${schema}`).toBe(schema);
        expect
          .soft(tag?.description?.trim(), `${name} shows ${schema}`)
          .toBe(`<SchemaDefinition schemaRef="#/components/schemas/${schema}" />`);
        expect.soft(schemas, `${schema} exists`).toContain(schema);
        expect.soft(used.has(name), `no operation is tagged ${name}`).toBe(false);
      }
    });

    test('operations: ids, methods, paths, tags, summaries, descriptions and response codes', async () => {
      const doc = await bundledDoc(variant.source);
      const all = operations(doc);
      expect.soft(all.map((o) => o.operationId).sort(), 'no other operations').toEqual(OPERATIONS.map(([id]) => id).sort());
      for (const [operationId, method, path, tag, codes] of OPERATIONS) {
        const found = all.find((o) => o.operationId === operationId);
        expect.soft(found, `operation ${operationId} exists`).toBeTruthy();
        if (!found) continue;
        expect.soft(`${found.method} ${found.path}`, `${operationId} method and path`).toBe(`${method} ${path}`);
        expect.soft(found.op.tags, `${operationId} tags`).toEqual([tag]);
        expect.soft(found.op.summary, `${operationId} summary`).toBeTruthy();
        expect.soft(found.op.description, `${operationId} description`).toBeTruthy();
        expect.soft(Object.keys(found.op.responses).sort(), `${operationId} response codes`).toEqual(codes);
        expect.soft(Boolean(found.op.deprecated), `${operationId} deprecated flag`).toBe(operationId === 'findPetsByTags');
      }
    });

    test('error catalogue: exact descriptions, and the Invalid Order example', async () => {
      const doc = await bundledDoc(variant.source);
      for (const [operationId, code, description] of ERRORS) {
        const response = follow(doc, operationById(doc, operationId).op.responses[code]);
        expect.soft(response?.description, `${operationId} ${code}`).toBe(description);
      }
      const invalidOrder = operationById(doc, 'placeOrder').op.responses['400'].content?.['application/json'];
      expect.soft(invalidOrder?.example, 'POST /store/order 400 example body').toEqual({status: 400, message: 'Invalid Order'});
    });

    test('request and response bodies', async () => {
      const doc = await bundledDoc(variant.source);
      const op = (id: string) => operationById(doc, id).op;
      const body = (id: string, mediaType = 'application/json') => follow(doc, op(id).requestBody)?.content?.[mediaType];
      const ok = (id: string, code = '200') => follow(doc, op(id).responses[code])?.content?.['application/json'];
      const rows: Array<[string, Json, Json]> = [
        ['addPet body', refNames(body('addPet')?.schema), {$ref: 'Pet'}],
        ['updatePet body', refNames(body('updatePet')?.schema), {$ref: 'Pet'}],
        ['updatePetWithForm form fields', Object.keys(body('updatePetWithForm', 'application/x-www-form-urlencoded')?.schema?.properties ?? {}), ['name', 'status']],
        ['uploadFile binary body', body('uploadFile', 'application/octet-stream')?.schema, {type: 'string', format: 'binary'}],
        ['uploadFile 200', refNames(ok('uploadFile')?.schema), {$ref: 'ApiResponse'}],
        ['getPetById 200', refNames(ok('getPetById')?.schema), {$ref: 'Pet'}],
        ['findPetsByStatus 200', refNames(ok('findPetsByStatus')?.schema), {type: 'array', items: {$ref: 'Pet'}}],
        ['findPetsByTags 200', refNames(ok('findPetsByTags')?.schema), {type: 'array', items: {$ref: 'Pet'}}],
        ['getInventory 200', ok('getInventory')?.schema, {type: 'object', additionalProperties: {type: 'integer', format: 'int32'}}],
        ['placeOrder body', refNames(body('placeOrder')?.schema), {$ref: 'Order'}],
        ['placeOrder 200', refNames(ok('placeOrder')?.schema), {$ref: 'Order'}],
        ['getOrderById 200', refNames(ok('getOrderById')?.schema), {$ref: 'Order'}],
        ['createUser body', refNames(body('createUser')?.schema), {$ref: 'User'}],
        ['updateUser body', refNames(body('updateUser')?.schema), {$ref: 'User'}],
        ['getUserByName 200', refNames(ok('getUserByName')?.schema), {$ref: 'User'}],
        ['createUsersWithArrayInput body', refNames(body('createUsersWithArrayInput')?.schema), {type: 'array', items: {$ref: 'User'}}],
        ['createUsersWithListInput body', refNames(body('createUsersWithListInput')?.schema), {type: 'array', items: {$ref: 'User'}}],
        ['loginUser 200', ok('loginUser')?.schema, {type: 'string'}],
      ];
      for (const [label, actual, expected] of rows) expect.soft(actual, label).toEqual(expected);
      for (const id of ['addPet', 'updatePet', 'uploadFile', 'placeOrder', 'createUser', 'updateUser', 'subscribeToOrderUpdates']) {
        expect.soft(follow(doc, op(id).requestBody)?.required, `${id} body is required`).toBe(true);
      }
      const subscribe = body('subscribeToOrderUpdates')?.schema;
      expect.soft(subscribe?.required?.slice().sort(), 'subscribe body required').toEqual(['callbackUrl', 'eventName']);
      expect.soft(subscribe?.properties?.callbackUrl, 'subscribe callbackUrl').toMatchObject({type: 'string', format: 'uri'});
      expect.soft(subscribe?.properties?.eventName, 'subscribe eventName').toMatchObject({type: 'string'});
      expect.soft(ok('subscribeToOrderUpdates', '201')?.schema?.properties?.subscriptionId, 'subscribe response subscriptionId').toMatchObject({type: 'string'});
    });

    test('examples: every body has one, and Pet examples match their kind', async () => {
      const doc = await bundledDoc(variant.source);
      for (const {label, op} of allOperations(doc)) {
        for (const {at, mediaType, media} of mediaTypes(doc, op, label)) {
          if (mediaType === 'application/octet-stream') continue; // raw picture bytes
          expect.soft(exampleValues(doc, media).length, `${at} has an example`).toBeGreaterThan(0);
        }
      }
      // Examples of Pet (or arrays of Pet) follow the discriminator.
      const pet = schemaOf(doc, 'Pet');
      for (const {label, op} of allOperations(doc)) {
        for (const {at, media} of mediaTypes(doc, op, label)) {
          const isPet = refName(media.schema) === 'Pet' || refName(media.schema?.items) === 'Pet';
          if (!isPet) continue;
          for (const value of exampleValues(doc, media).flatMap((v) => (Array.isArray(v) ? v : [v]))) {
            const kind = PET_KINDS.find(([petType]) => petType === value.petType);
            expect.soft(kind, `${at}: petType ${value.petType} is a known kind`).toBeTruthy();
            if (!kind) continue;
            const [petType, schemaName, own] = kind;
            expect.soft(refName({$ref: pet.discriminator.mapping[petType]}), `${at}: mapping of ${petType}`).toBe(schemaName);
            expect.soft(value, `${at}: ${petType} example has ${own}`).toHaveProperty(own);
            expect.soft(value, `${at}: ${petType} example has name and photoUrls`).toEqual(expect.objectContaining({name: expect.any(String), photoUrls: expect.any(Array)}));
            const ownSchema = flatSchema(doc, schemaOf(doc, schemaName)).properties[own];
            if (ownSchema.enum) expect.soft(ownSchema.enum, `${at}: ${own} value`).toContain(value[own]);
          }
        }
      }
    });

    test('schemas: every entity with every field, type, format, default, enum and flag', async () => {
      const doc = await bundledDoc(variant.source);
      expect.soft(Object.keys(doc.components.schemas).sort(), 'schema names').toEqual([...SCHEMA_NAMES].sort());
      expect.soft(schemaOf(doc, 'Id'), 'Id').toMatchObject({type: 'integer', format: 'int64', readOnly: true});
      for (const [schema, property, expected] of FIELDS) {
        const actual = flatSchema(doc, schemaOf(doc, schema)).properties[property];
        expect.soft(actual, `${schema}.${property} exists`).toBeDefined();
        expect.soft(refNames(actual), `${schema}.${property}`).toMatchObject(expected);
      }
      for (const [schema, required] of REQUIRED) {
        expect.soft(flatSchema(doc, schemaOf(doc, schema)).required.sort(), `${schema} required list`).toEqual(required);
      }
      // No field outside the tables (addresses is checked by the variant test).
      for (const name of SCHEMA_NAMES.filter((n) => n !== 'Id')) {
        const expected = FIELDS.filter(([schema]) => schema === name || (['Cat', 'Dog', 'HoneyBee'].includes(name) && schema === 'Pet')).map(([, p]) => p);
        if (name === 'User' && variant.addresses) expected.push('addresses');
        expect.soft(Object.keys(flatSchema(doc, schemaOf(doc, name)).properties).sort(), `${name} fields`).toEqual(expected.sort());
      }
    });

    test('schemas: Pet discriminator, allOf kinds and the User.pet oneOf', async () => {
      const doc = await bundledDoc(variant.source);
      const pet = schemaOf(doc, 'Pet');
      expect.soft(pet.discriminator?.propertyName, 'Pet discriminator property').toBe('petType');
      expect.soft(Object.keys(pet.discriminator?.mapping ?? {}).sort(), 'Pet discriminator values').toEqual(['bee', 'cat', 'dog']);
      for (const [petType, schemaName] of PET_KINDS) {
        expect.soft(refName({$ref: pet.discriminator?.mapping?.[petType] ?? ''}), `mapping ${petType}`).toBe(schemaName);
        const kind = schemaOf(doc, schemaName);
        expect.soft(refName(kind?.allOf?.[0]), `${schemaName} extends Pet with allOf`).toBe('Pet');
        expect.soft(kind?.description, `${schemaName} description`).toBeTruthy();
      }
      const userPet = schemaOf(doc, 'User').properties.pet;
      expect.soft((userPet.oneOf ?? []).map(refName), 'User.pet is one of Pet or Tag').toEqual(['Pet', 'Tag']);
    });

    test('schemas: descriptions and example values on fields', async () => {
      const doc = await bundledDoc(variant.source);
      for (const name of SCHEMA_NAMES) {
        const schema = schemaOf(doc, name);
        expect.soft(schema.description, `${name} description`).toBeTruthy();
        for (const [property, value] of Object.entries<Json>(flatSchema(doc, schema).properties)) {
          if (value.$ref) continue;
          expect.soft(value.description, `${name}.${property} description`).toBeTruthy();
          const scalar = !['object', 'array'].includes(value.type) && !value.oneOf;
          if (scalar) expect.soft(value.example, `${name}.${property} example`).toBeDefined();
        }
      }
    });

    test('validation rules: password and phone patterns', async () => {
      const doc = await bundledDoc(variant.source);
      const {password, phone} = schemaOf(doc, 'User').properties;
      const passwordPattern = new RegExp(password.pattern);
      for (const [value, valid] of PASSWORDS) {
        const accepted = passwordPattern.test(value) && value.length >= password.minLength;
        expect.soft(accepted, `password ${JSON.stringify(value)}`).toBe(valid);
      }
      const phonePattern = new RegExp(phone.pattern);
      for (const [value, valid] of PHONE_READINGS[variant.phone]) {
        expect.soft(phonePattern.test(value), `phone ${JSON.stringify(value)} (${variant.phone} reading)`).toBe(valid);
      }
      expect.soft(phonePattern.test(phone.example), 'phone example matches').toBe(true);
      expect.soft(passwordPattern.test(password.example), 'password example matches').toBe(true);
      // The chosen reading is stated in the description.
      const digits = variant.phone === 'hyphens' ? /7 to 15 digits/ : /6 to 14 digits/;
      expect.soft(phone.description, 'phone description states the reading').toMatch(digits);
    });

    test('parameters: status filter, order id, pet id, user name, login', async () => {
      const doc = await bundledDoc(variant.source);
      const param = (id: string, name: string) => parametersOf(doc, operationById(doc, id)).find((p) => p.name === name);
      const rows: Array<[string, Json, Record<string, unknown>]> = [
        [
          'findPetsByStatus status',
          param('findPetsByStatus', 'status'),
          {in: 'query', required: true, schema: {type: 'array', minItems: 1, maxItems: 3, items: {type: 'string', enum: ['available', 'pending', 'sold']}}},
        ],
        ['findPetsByTags tags', param('findPetsByTags', 'tags'), {in: 'query', required: true, schema: {type: 'array', items: {type: 'string'}}}],
        ['getOrderById orderId', param('getOrderById', 'orderId'), {in: 'path', required: true, schema: {type: 'integer', format: 'int64', minimum: 1, maximum: variant.orderIdMaximum}}],
        ['deleteOrder orderId', param('deleteOrder', 'orderId'), {in: 'path', required: true, schema: {type: 'integer', minimum: 1}}],
        ['loginUser username', param('loginUser', 'username'), {in: 'query', required: true, schema: {type: 'string'}}],
        ['loginUser password', param('loginUser', 'password'), {in: 'query', required: true, schema: {type: 'string'}}],
        ...['getPetById', 'updatePetWithForm', 'deletePet', 'uploadFile'].map((id): [string, Json, Record<string, unknown>] => [
          `${id} petId`,
          param(id, 'petId'),
          {in: 'path', required: true, schema: {type: 'integer', format: 'int64'}},
        ]),
        ...['getUserByName', 'updateUser', 'deleteUser'].map((id): [string, Json, Record<string, unknown>] => [
          `${id} username`,
          param(id, 'username'),
          {in: 'path', required: true, schema: {type: 'string'}},
        ]),
      ];
      for (const [label, actual, expected] of rows) {
        expect.soft(actual, `${label} exists`).toBeDefined();
        expect.soft(actual ?? {}, label).toMatchObject(expected);
      }
    });

    test('pet write operations take Accept-Language and a cookie parameter', async () => {
      const doc = await bundledDoc(variant.source);
      for (const id of PET_WRITES) {
        const params = parametersOf(doc, operationById(doc, id));
        const language = params.find((p) => p.in === 'header' && p.name === 'Accept-Language');
        expect.soft(language, `${id} Accept-Language header`).toMatchObject({schema: {type: 'string', enum: LANGUAGES, default: 'en-AU'}});
        expect.soft(params.filter((p) => p.in === 'cookie').length, `${id} cookie parameter`).toBeGreaterThan(0);
      }
    });

    test('security: schemes and requirements', async () => {
      const doc = await bundledDoc(variant.source);
      const schemes = doc.components.securitySchemes;
      expect.soft(schemes.api_key, 'api_key scheme').toMatchObject({type: 'apiKey', in: 'header', name: 'api_key'});
      expect.soft(schemes.petstore_auth?.type, 'petstore_auth type').toBe('oauth2');
      const implicit = schemes.petstore_auth?.flows?.implicit;
      expect.soft(implicit?.authorizationUrl, 'implicit flow authorizationUrl').toMatch(/^https:\/\//);
      expect.soft(Object.keys(implicit?.scopes ?? {}).sort(), 'OAuth scopes').toEqual(['read:pets', 'write:pets']);
      expect.soft(implicit?.scopes?.['write:pets'], 'write:pets description').toMatch(/modify pets/i);
      expect.soft(implicit?.scopes?.['read:pets'], 'read:pets description').toMatch(/read pets/i);
      for (const [id, scheme, scopes] of SECURITY) {
        const requirements: Json[] = operationById(doc, id).op.security ?? [];
        const requirement = requirements.find((r) => scheme in r);
        expect.soft(requirement, `${id} accepts ${scheme}`).toBeTruthy();
        for (const scope of scopes) expect.soft(requirement?.[scheme] ?? [], `${id} ${scheme} scope ${scope}`).toContain(scope);
      }
      for (const {operationId, op} of operations(doc)) {
        expect.soft(Array.isArray(op.security), `${operationId} states its security (or [] for public)`).toBe(true);
        for (const requirement of op.security ?? []) {
          for (const name of Object.keys(requirement)) expect.soft(Object.keys(schemes), `${operationId} uses a declared scheme`).toContain(name);
        }
      }
    });

    test('login returns X-Rate-Limit and X-Expires-After headers', async () => {
      const doc = await bundledDoc(variant.source);
      const headers = follow(doc, operationById(doc, 'loginUser').op.responses['200']).headers ?? {};
      expect.soft(headers['X-Rate-Limit'], 'X-Rate-Limit').toMatchObject({schema: {type: 'integer', format: 'int32'}});
      expect.soft(headers['X-Rate-Limit']?.description, 'X-Rate-Limit is calls per hour').toMatch(/calls per hour/i);
      expect.soft(headers['X-Expires-After'], 'X-Expires-After').toMatchObject({schema: {type: 'string', format: 'date-time'}});
      expect.soft(headers['X-Expires-After']?.description, 'X-Expires-After is the expiry').toMatch(/expire/i);
    });

    test('subscribe callbacks: events, payloads and replies', async () => {
      const doc = await bundledDoc(variant.source);
      const callbacks = operationById(doc, 'subscribeToOrderUpdates').op.callbacks ?? {};
      expect.soft(Object.keys(callbacks), 'callback events').toEqual(CALLBACKS.map(([event]) => event));
      const eventEnum = follow(doc, operationById(doc, 'subscribeToOrderUpdates').op.requestBody).content['application/json'].schema.properties.eventName.enum;
      expect.soft(eventEnum, 'eventName lists the events').toEqual(CALLBACKS.map(([event]) => event));
      for (const [event, fields] of CALLBACKS) {
        const expressions = Object.entries<Json>(follow(doc, callbacks[event] ?? {}));
        expect.soft(expressions.length, `${event} has one callback URL expression`).toBe(1);
        const [expression, item] = expressions[0] ?? ['', {}];
        expect.soft(expression, `${event} calls the subscribed callbackUrl`).toContain('{$request.body#/callbackUrl}');
        const op = item.post;
        expect.soft(op, `${event} is a POST`).toBeTruthy();
        if (!op) continue;
        const payload = op.requestBody?.content?.['application/json']?.schema;
        expect.soft(Object.keys(payload?.properties ?? {}), `${event} payload fields`).toEqual(fields);
        expect.soft(payload?.properties?.timestamp, `${event} timestamp`).toMatchObject({type: 'string', format: 'date-time'});
        expect.soft(payload?.properties?.orderId, `${event} orderId`).toMatchObject({type: 'integer'});
        expect.soft(Object.keys(op.responses ?? {}), `${event} reply codes`).toEqual(CALLBACK_REPLIES.map(([code]) => code));
        for (const [code, says] of CALLBACK_REPLIES) {
          expect.soft(follow(doc, op.responses?.[code] ?? {}).description, `${event} reply ${code}`).toMatch(says);
        }
      }
    });

    test('Redoc extras: code samples on the main operations', async () => {
      const doc = await bundledDoc(variant.source);
      for (const id of MAIN_OPERATIONS) {
        const samples: Json[] = operationById(doc, id).op['x-codeSamples'] ?? [];
        expect.soft(new Set(samples.map((s) => s.lang)).size, `${id} code sample languages`).toBeGreaterThanOrEqual(3);
        for (const sample of samples) {
          expect.soft(sample.source, `${id} ${sample.lang} sample source`).toMatch(/\S/);
          expect.soft(sample.label, `${id} ${sample.lang} sample label`).toBeTruthy();
        }
      }
    });

    test(`variant: User ${variant.addresses ? 'has' : 'has no'} addresses`, async () => {
      const doc = await bundledDoc(variant.source);
      const addresses = schemaOf(doc, 'User').properties.addresses;
      if (!variant.addresses) {
        expect(addresses).toBeUndefined();
        return;
      }
      expect.soft(addresses?.type, 'addresses is an array').toBe('array');
      const item = follow(doc, addresses?.items ?? {});
      expect.soft(item.type, 'address is an object').toBe('object');
      for (const field of ['city', 'country', 'street']) {
        expect.soft(item.properties?.[field], `address.${field}`).toMatchObject({type: 'string'});
      }
    });
  });
}
