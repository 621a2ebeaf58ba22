/**
 * What the sample pet store API must contain (product spec §3–§9 and the
 * issue), as tables shared by the conformance and Swagger parity tests.
 * One row is one thing that can be missing.
 */
import {SOURCES} from './helpers';

/** Operation id, method, path, tag and the exact set of response codes. */
export const OPERATIONS: ReadonlyArray<[operationId: string, method: string, path: string, tag: string, codes: string[]]> = [
  ['addPet', 'post', '/pet', 'pet', ['200', '405']],
  ['updatePet', 'put', '/pet', 'pet', ['200', '400', '404', '405']],
  ['getPetById', 'get', '/pet/{petId}', 'pet', ['200', '400', '404']],
  ['updatePetWithForm', 'post', '/pet/{petId}', 'pet', ['200', '405']],
  ['deletePet', 'delete', '/pet/{petId}', 'pet', ['204', '400', '404']],
  ['uploadFile', 'post', '/pet/{petId}/uploadImage', 'pet', ['200', '400', '404']],
  ['findPetsByStatus', 'get', '/pet/findByStatus', 'pet', ['200', '400']],
  ['findPetsByTags', 'get', '/pet/findByTags', 'pet', ['200', '400']],
  ['getInventory', 'get', '/store/inventory', 'store', ['200']],
  ['placeOrder', 'post', '/store/order', 'store', ['200', '400']],
  ['getOrderById', 'get', '/store/order/{orderId}', 'store', ['200', '400', '404']],
  ['deleteOrder', 'delete', '/store/order/{orderId}', 'store', ['204', '400', '404']],
  ['subscribeToOrderUpdates', 'post', '/store/subscribe', 'store', ['201']],
  ['createUser', 'post', '/user', 'user', ['200']],
  ['getUserByName', 'get', '/user/{username}', 'user', ['200', '400', '404']],
  ['updateUser', 'put', '/user/{username}', 'user', ['200', '400', '404']],
  ['deleteUser', 'delete', '/user/{username}', 'user', ['204', '400', '404']],
  ['createUsersWithArrayInput', 'post', '/user/createWithArray', 'user', ['200']],
  ['createUsersWithListInput', 'post', '/user/createWithList', 'user', ['200']],
  ['loginUser', 'get', '/user/login', 'user', ['200', '400']],
  ['logoutUser', 'get', '/user/logout', 'user', ['200']],
];

/** Error catalogue (§8): operation, code, exact description. */
export const ERRORS: ReadonlyArray<[operationId: string, code: string, description: string]> = [
  ['addPet', '405', 'Invalid input'],
  ['updatePet', '400', 'Invalid ID supplied'],
  ['updatePet', '404', 'Pet not found'],
  ['updatePet', '405', 'Validation exception'],
  ['getPetById', '400', 'Invalid ID supplied'],
  ['getPetById', '404', 'Pet not found'],
  ['updatePetWithForm', '405', 'Invalid input'],
  ['deletePet', '400', 'Invalid pet value'],
  ['deletePet', '404', 'Pet not found'],
  ['uploadFile', '400', 'Invalid ID supplied'],
  ['uploadFile', '404', 'Pet not found'],
  ['findPetsByStatus', '400', 'Invalid status value'],
  ['findPetsByTags', '400', 'Invalid tag value'],
  ['placeOrder', '400', 'Invalid Order'],
  ['getOrderById', '400', 'Invalid ID supplied'],
  ['getOrderById', '404', 'Order not found'],
  ['deleteOrder', '400', 'Invalid ID supplied'],
  ['deleteOrder', '404', 'Order not found'],
  ['getUserByName', '400', 'Invalid username supplied'],
  ['getUserByName', '404', 'User not found'],
  ['updateUser', '400', 'Invalid username supplied'],
  ['updateUser', '404', 'User not found'],
  ['deleteUser', '400', 'Invalid username supplied'],
  ['deleteUser', '404', 'User not found'],
  ['loginUser', '400', 'Invalid username/password supplied'],
];

/** Operations whose code samples Redoc shows in (at least) three languages. */
export const MAIN_OPERATIONS = ['addPet', 'updatePet', 'getPetById', 'findPetsByStatus', 'placeOrder', 'loginUser'];

/** Pet write operations: OAuth scopes, Accept-Language header and a cookie parameter. */
export const PET_WRITES = ['addPet', 'updatePet', 'updatePetWithForm', 'deletePet', 'uploadFile'];

export const LANGUAGES = ['en-AU', 'en-CA', 'en-GB', 'en-US'];

/** Security requirements: operation, scheme, scopes it must list. */
export const SECURITY: ReadonlyArray<[operationId: string, scheme: string, scopes: string[]]> = [
  ...PET_WRITES.map((id): [string, string, string[]] => [id, 'petstore_auth', ['write:pets', 'read:pets']]),
  ['getPetById', 'api_key', []],
  ['getInventory', 'api_key', []],
];

export const SCHEMA_NAMES = ['Pet', 'Cat', 'Dog', 'HoneyBee', 'Category', 'Tag', 'Order', 'User', 'ApiResponse', 'Id'];

/**
 * Model tags: tag name, the schema it shows. Redoc renders a schema as a section of its own only
 * through a tag whose description is `<SchemaDefinition schemaRef="…" />`; the site's search links
 * to these sections. Every schema but the scalar Id has one.
 */
export const MODEL_TAGS: ReadonlyArray<[tag: string, schema: string]> = [
  ['pet_model', 'Pet'],
  ['cat_model', 'Cat'],
  ['dog_model', 'Dog'],
  ['honey_bee_model', 'HoneyBee'],
  ['category_model', 'Category'],
  ['tag_model', 'Tag'],
  ['order_model', 'Order'],
  ['user_model', 'User'],
  ['api_response_model', 'ApiResponse'],
];

/**
 * Schema fields (§3, §5): schema, property, what the property schema must
 * contain. `$ref` values are component names; for Cat, Dog and HoneyBee the
 * properties of their `allOf` parts count.
 */
export const FIELDS: ReadonlyArray<[schema: string, property: string, expected: Record<string, unknown>]> = [
  ['Pet', 'id', {$ref: 'Id'}],
  ['Pet', 'category', {$ref: 'Category'}],
  ['Pet', 'name', {type: 'string'}],
  ['Pet', 'photoUrls', {type: 'array', maxItems: 20, items: {type: 'string', format: 'url'}}],
  ['Pet', 'friend', {$ref: 'Pet'}],
  ['Pet', 'tags', {type: 'array', minItems: 1, items: {$ref: 'Tag'}}],
  ['Pet', 'status', {type: 'string', enum: ['available', 'pending', 'sold']}],
  ['Pet', 'petType', {type: 'string'}],
  ['Cat', 'huntingSkill', {type: 'string', enum: ['clueless', 'lazy', 'adventurous', 'aggressive'], default: 'lazy'}],
  ['Dog', 'packSize', {type: 'integer', minimum: 1, default: 1}],
  ['HoneyBee', 'honeyPerDay', {type: 'number', multipleOf: 0.01}],
  ['Category', 'id', {$ref: 'Id'}],
  ['Category', 'name', {type: 'string', minLength: 1}],
  ['Category', 'sub', {type: 'object', properties: {prop1: {type: 'string'}}}],
  ['Tag', 'id', {$ref: 'Id'}],
  ['Tag', 'name', {type: 'string', minLength: 1}],
  ['Order', 'id', {$ref: 'Id'}],
  ['Order', 'petId', {type: 'integer', format: 'int64'}],
  ['Order', 'quantity', {type: 'integer', minimum: 1, default: 1}],
  ['Order', 'shipDate', {type: 'string', format: 'date-time'}],
  ['Order', 'status', {type: 'string', enum: ['placed', 'approved', 'delivered']}],
  ['Order', 'complete', {type: 'boolean', readOnly: true, default: false}],
  ['Order', 'requestId', {type: 'string', writeOnly: true}],
  ['User', 'id', {$ref: 'Id'}],
  ['User', 'pet', {oneOf: [{$ref: 'Pet'}, {$ref: 'Tag'}]}],
  ['User', 'username', {type: 'string', minLength: 4}],
  ['User', 'firstName', {type: 'string', minLength: 1}],
  ['User', 'lastName', {type: 'string', minLength: 1}],
  ['User', 'email', {type: 'string', format: 'email'}],
  ['User', 'password', {type: 'string', minLength: 8}],
  ['User', 'phone', {type: 'string'}],
  ['User', 'userStatus', {type: 'integer'}],
  ['ApiResponse', 'code', {type: 'integer', format: 'int32'}],
  ['ApiResponse', 'type', {type: 'string'}],
  ['ApiResponse', 'message', {type: 'string'}],
];

/** Required lists (own and inherited through allOf), sorted. */
export const REQUIRED: ReadonlyArray<[schema: string, required: string[]]> = [
  ['Pet', ['name', 'photoUrls']],
  ['Cat', ['huntingSkill', 'name', 'photoUrls']],
  ['Dog', ['name', 'packSize', 'photoUrls']],
  ['HoneyBee', ['honeyPerDay', 'name', 'photoUrls']],
  ['Category', []],
  ['Tag', []],
  ['Order', []],
  ['User', []],
  ['ApiResponse', []],
];

export const PET_KINDS: ReadonlyArray<[petType: string, schema: string, ownRequired: string]> = [
  ['cat', 'Cat', 'huntingSkill'],
  ['dog', 'Dog', 'packSize'],
  ['bee', 'HoneyBee', 'honeyPerDay'],
];

/** Password rule: lower case, upper case and digits, at least 8 characters. */
export const PASSWORDS: ReadonlyArray<[password: string, valid: boolean]> = [
  ['Engine1843', true],
  ['aB3dEfGh', true],
  ['Secret!Pass9', true],
  ['engine1843', false],
  ['ENGINE1843', false],
  ['EngineRoom', false],
  ['aB3dEfG', false],
];

/** The two readings of the phone rule (§5); each source states which it uses. */
export const PHONE_READINGS = {
  /** `+` then 7 to 15 digits, single hyphens allowed between digits. */
  hyphens: [
    ['+1234567', true],
    ['+123456789012345', true],
    ['+44-20-7946-0000', true],
    ['+123456', false],
    ['+1234567890123456', false],
    ['442079460000', false],
    ['+44--2079460000', false],
    ['+-442079460000', false],
    ['+442079460000-', false],
  ],
  /** `+` then 6 to 14 digits, nothing else. */
  digits: [
    ['+123456', true],
    ['+12345678901234', true],
    ['+12345', false],
    ['+123456789012345', false],
    ['+44-20-7946-0000', false],
    ['123456789', false],
  ],
} as const satisfies Record<string, ReadonlyArray<readonly [string, boolean]>>;

/** Callbacks of POST /store/subscribe: event and the payload fields it carries. */
export const CALLBACKS: ReadonlyArray<[event: string, fields: string[]]> = [
  ['orderInProgress', ['orderId', 'timestamp', 'status']],
  ['orderShipped', ['orderId', 'timestamp', 'estimatedDeliveryDate']],
  ['orderDelivered', ['orderId', 'timestamp', 'status']],
];

/** Replies a callback receiver may give, and what the description must say. */
export const CALLBACK_REPLIES: ReadonlyArray<[code: string, says: RegExp]> = [
  ['200', /processed.*not be sent again/i],
  ['299', /cancel/i],
  ['500', /again|retr/i],
];

export interface Variant {
  name: string;
  source: string;
  title: string;
  orderIdMaximum: number;
  phone: keyof typeof PHONE_READINGS;
  addresses: boolean;
}

/** The OpenAPI 3 sources and how they differ. */
export const VARIANTS: readonly Variant[] = [
  {name: 'single-file', source: SOURCES.single, title: 'Swagger Petstore (single file)', orderIdMaximum: 5, phone: 'hyphens', addresses: false},
  {name: 'multi-file', source: SOURCES.multi, title: 'Swagger Petstore (multi-file)', orderIdMaximum: 5, phone: 'hyphens', addresses: false},
  {
    name: 'remote-fallback',
    source: SOURCES.remote,
    title: 'Swagger Petstore (remote example, offline copy)',
    orderIdMaximum: 10,
    phone: 'digits',
    addresses: true,
  },
];
