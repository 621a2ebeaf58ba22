// @ts-check
/**
 * The request an operation documents: by default filled with the values a reader would send
 * first (the operation's server with its variables' defaults, its required parameters with their
 * examples, its body's example or a sample of its schema, and its first security requirement's
 * credentials as placeholders), or with what a reader typed. The build's request samples start
 * from it (../../lib/requestSamples.js), and so does the browser's console
 * (../browser/tryIt/Console.tsx). Plain JavaScript, so that the build's Node code and the
 * browser's bundle read the same module.
 *
 * A spec is untrusted input: every value read here may be of any type, and nothing here follows a
 * `$ref` out of the spec or a `$ref` that loops.
 */
// Loops are forEach and iterators go through Array.from: a site whose Babel targets older browsers
// turns for-of into an imported helper, which makes this CommonJS file an ES module whose exports
// webpack drops (tests/reference-kit/sharedModules.spec.ts).
const {kitBoundedSample} = require('redoc');

/** The HTTP methods of an OpenAPI path item. */
const METHODS = Object.freeze(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * What a sample sends for a credential the reader has to supply: words a reader recognises and
 * replaces, and which every language's string quoting keeps as they are.
 */
const PLACEHOLDERS = Object.freeze({
  apiKey: 'YOUR_API_KEY',
  bearer: 'YOUR_TOKEN',
  accessToken: 'YOUR_ACCESS_TOKEN',
  username: 'USERNAME',
  password: 'PASSWORD',
});

/** @typedef {{name: string; value: string}} Pair */
/**
 * @typedef {object} OperationRequest
 * @property {string} method Upper case, as HTTP writes it.
 * @property {string} url The server's URL and the path, path parameters filled, without the query.
 * @property {Pair[]} query
 * @property {Pair[]} headers
 * @property {Pair[]} cookies
 * @property {{mediaType: string; text?: string; params?: Pair[]} | undefined} body Text for JSON and
 *   other text types, fields for forms.
 */

/**
 * @param {unknown} value
 * @returns {value is Record<string, any>}
 */
function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether `key` is the spec's own, never a name every object inherits (a spec's keys may be
 * `__proto__` or `constructor`). `in` too, for the browser's parts of a spec, whose components
 * read a component they do not hold from the whole spec (../browser/specParts.ts).
 * @param {object} node
 * @param {string} key
 */
function holds(node, key) {
  return Object.prototype.hasOwnProperty.call(node, key) || (key in node && !(key in Object.prototype));
}

/**
 * The spec's own property of an object.
 * @param {unknown} object
 * @param {string} key
 */
function own(object, key) {
  return isObject(object) && holds(object, key) ? object[key] : undefined;
}

/**
 * The value a `$ref` inside the spec points at, followed until it is not a `$ref`; a `$ref` out of
 * the spec, to nothing or in a loop gives `undefined`.
 * @param {any} spec
 * @param {unknown} value
 */
function resolved(spec, value) {
  const seen = new Set();
  let current = value;
  while (isObject(current) && typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (seen.has(ref) || !ref.startsWith('#/')) return undefined;
    seen.add(ref);
    current = ref
      .slice(2)
      .split('/')
      .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((node, key) => ((isObject(node) || Array.isArray(node)) && holds(node, key) ? /** @type {Record<string, any>} */ (node)[key] : undefined), spec);
  }
  return current;
}

/**
 * An example for a parameter or a media type: its own `example`, its first `examples` entry's
 * `value` (never an `externalValue`, which would be fetched), its schema's example, default or
 * first allowed value, or a sample of its schema.
 * @param {any} spec
 * @param {Record<string, any>} holder A parameter or a media type object.
 * @param {{skipReadOnly?: boolean}} [options]
 */
function exampleOf(spec, holder, options = {}) {
  if (holder.example !== undefined) return holder.example;
  if (isObject(holder.examples)) {
    const entries = Object.values(holder.examples);
    for (let index = 0; index < entries.length; index++) {
      const example = resolved(spec, entries[index]);
      if (isObject(example) && example.value !== undefined) return example.value;
    }
  }
  const schema = resolved(spec, holder.schema);
  if (!isObject(schema)) return undefined;
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  try {
    return boundedSample(spec, schema, options.skipReadOnly ?? false);
  } catch {
    // A schema the sampler cannot follow (a broken `$ref`) gives no example, not a failed build.
    return undefined;
  }
}

/**
 * How much of a schema a request's sample shows: the deepest sample whose JSON stays within
 * SAMPLE_CHARACTERS, by Redoc's own bounded sampler (the kit's patch), which Redoc's payload samples
 * use with a larger size. A schema graph that links widely grows at every level, past what a reader
 * edits or a sample writer can write (CHANGELOG, 1.3.2).
 */
const SAMPLE_CHARACTERS = 4 * 1024;

/**
 * @param {any} spec
 * @param {Record<string, any>} schema
 * @param {boolean} skipReadOnly
 */
function boundedSample(spec, schema, skipReadOnly) {
  return kitBoundedSample(schema, {skipReadOnly, skipWriteOnly: true, quiet: true}, spec, SAMPLE_CHARACTERS);
}

/**
 * A scalar as a parameter writes it.
 * @param {unknown} value
 */
function scalarText(value) {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * A parameter's value as name/value pairs, in the parameter's style (OpenAPI's defaults: `form`
 * and exploded in the query and cookies, `simple` in the path and headers).
 * @param {Record<string, any>} parameter
 * @param {unknown} value
 * @returns {Pair[]}
 */
function serialized(parameter, value) {
  const name = String(parameter.name);
  const location = parameter.in;
  const style = typeof parameter.style === 'string' ? parameter.style : location === 'query' || location === 'cookie' ? 'form' : 'simple';
  const explode = typeof parameter.explode === 'boolean' ? parameter.explode : style === 'form';
  const separator = style === 'spaceDelimited' ? ' ' : style === 'pipeDelimited' ? '|' : ',';
  if (Array.isArray(value)) {
    if (explode && (location === 'query' || location === 'cookie')) return value.map((item) => ({name, value: scalarText(item)}));
    return [{name, value: value.map(scalarText).join(separator)}];
  }
  if (isObject(value)) {
    const entries = Object.entries(value);
    if (style === 'deepObject') return entries.map(([key, item]) => ({name: `${name}[${key}]`, value: scalarText(item)}));
    if (explode && location === 'query') return entries.map(([key, item]) => ({name: key, value: scalarText(item)}));
    const joiner = explode ? '=' : ',';
    return [{name, value: entries.map(([key, item]) => `${key}${joiner}${scalarText(item)}`).join(',')}];
  }
  return [{name, value: scalarText(value)}];
}

/**
 * The servers an operation is sent to: its own, its path's, or the spec's, as OpenAPI orders them.
 * @param {any} spec
 * @param {Record<string, any>} pathItem
 * @param {Record<string, any>} operation
 * @returns {{url: string; description: string; variables: Record<string, any>}[]}
 */
function serversOf(spec, pathItem, operation) {
  /** @type {unknown[]} */
  const list = [operation.servers, pathItem.servers, spec.servers].find((servers) => Array.isArray(servers) && servers.length > 0) ?? [{url: '/'}];
  return list
    .filter(/** @returns {server is {url: string; description?: unknown; variables?: unknown}} */ (server) => isObject(server) && typeof server.url === 'string')
    .map((server) => ({url: server.url, description: typeof server.description === 'string' ? server.description : '', variables: isObject(server.variables) ? server.variables : {}}));
}

/**
 * A server's URL with its variables filled (the given value, else the variable's default) and
 * resolved against `base` when it is relative.
 * @param {{url: string; variables: Record<string, any>}} server
 * @param {string} base An absolute URL, for a relative server.
 * @param {Record<string, string>} [values]
 */
function serverUrl(server, base, values = {}) {
  const filled = server.url.replace(/\{([^{}]+)\}/g, (whole, name) => {
    const variable = own(server.variables, name);
    const value = values[name] ?? (isObject(variable) && variable.default !== undefined ? String(variable.default) : undefined);
    return value ?? whole;
  });
  let url;
  try {
    url = new URL(filled, base).href;
  } catch {
    url = filled;
  }
  return url.replace(/\/+$/, '');
}

/**
 * The operation's parameters, the path item's included unless the operation overrides them (by
 * name and location), resolved.
 * @param {any} spec
 * @param {Record<string, any>} pathItem
 * @param {Record<string, any>} operation
 */
function parametersOf(spec, pathItem, operation) {
  /** @type {Map<string, Record<string, any>>} */
  const byKey = new Map();
  [pathItem.parameters, operation.parameters].forEach((list) => {
    if (!Array.isArray(list)) return;
    list.forEach((entry) => {
      const parameter = resolved(spec, entry);
      if (!isObject(parameter) || typeof parameter.name !== 'string' || typeof parameter.in !== 'string') return;
      byKey.set(`${parameter.in}:${parameter.name}`, parameter);
    });
  });
  return Array.from(byKey.values());
}

/**
 * The media type a request body is sent as: JSON first, then a form, then what the spec lists first.
 * @param {Record<string, any>} content
 */
function preferredMediaType(content) {
  const types = Object.keys(content);
  return (
    types.find((type) => /^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) ??
    types.find((type) => /^application\/x-www-form-urlencoded\b/i.test(type)) ??
    types.find((type) => /^multipart\/form-data\b/i.test(type)) ??
    types[0]
  );
}

/**
 * A form's fields, given as the JSON of an object; anything else gives none.
 * @param {string} text
 */
function parsedFields(text) {
  try {
    const value = JSON.parse(text);
    return isObject(value) ? value : {};
  } catch {
    return {};
  }
}

/**
 * The request body, in the operation's preferred media type: the text given, or its example.
 * @param {any} spec
 * @param {Record<string, any>} operation
 * @param {string} [given]
 * @returns {OperationRequest['body']}
 */
function bodyOf(spec, operation, given) {
  const requestBody = resolved(spec, operation.requestBody);
  if (!isObject(requestBody) || !isObject(requestBody.content)) return undefined;
  const mediaType = preferredMediaType(requestBody.content);
  const media = mediaType === undefined ? undefined : resolved(spec, own(requestBody.content, mediaType));
  if (mediaType === undefined || !isObject(media)) return undefined;
  const isForm = /^(?:application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(mediaType);
  if (given !== undefined && !isForm) return {mediaType, text: given};
  const value = given !== undefined ? parsedFields(given) : exampleOf(spec, media, {skipReadOnly: true});
  if (/json/i.test(mediaType)) return {mediaType, text: JSON.stringify(value ?? {}, null, 2)};
  if (/^(?:application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(mediaType)) {
    const fields = isObject(value) ? Object.entries(value) : [];
    return {mediaType, params: fields.flatMap(([name, field]) => (Array.isArray(field) ? field : [field]).map((item) => ({name, value: scalarText(item)})))};
  }
  return {mediaType, text: value === undefined ? '' : scalarText(value)};
}

/**
 * The operation's security requirements (its own, else the spec's): each a list of the schemes it
 * needs together, resolved, with the scopes it asks of each; a scheme the spec does not define is left out.
 * @param {any} spec
 * @param {Record<string, any>} operation
 * @returns {{name: string; scheme: Record<string, any>; scopes: string[]}[][]}
 */
function securityOf(spec, operation) {
  const requirements = Array.isArray(operation.security) ? operation.security : Array.isArray(spec.security) ? spec.security : [];
  const schemes = isObject(spec.components) ? own(spec.components, 'securitySchemes') : undefined;
  return requirements.filter(isObject).map((/** @type {Record<string, unknown>} */ requirement) =>
    Object.keys(requirement).flatMap((name) => {
      const scheme = resolved(spec, own(schemes, name));
      const scopes = own(requirement, name);
      return isObject(scheme) ? [{name, scheme, scopes: Array.isArray(scopes) ? scopes.filter((scope) => typeof scope === 'string') : []}] : [];
    }),
  );
}

/**
 * The credentials of one of the operation's security requirements (the first by default), where
 * each scheme puts them: the values given, by scheme, else placeholders.
 * @param {any} spec
 * @param {Record<string, any>} operation
 * @param {number} [which]
 * @param {Record<string, string>} [given]
 * @returns {{headers: Pair[]; query: Pair[]; cookies: Pair[]}}
 */
function credentialsOf(spec, operation, which = 0, given = {}) {
  /** @type {{headers: Pair[]; query: Pair[]; cookies: Pair[]}} */
  const placed = {headers: [], query: [], cookies: []};
  (securityOf(spec, operation)[which] ?? []).forEach(({name, scheme}) => {
    const value = Object.prototype.hasOwnProperty.call(given, name) ? given[name] : undefined;
    // Left empty by the reader: none sent (a placeholder is for the samples, where none was given).
    if (value === '') return;
    if (scheme.type === 'apiKey' && typeof scheme.name === 'string') {
      const pair = {name: scheme.name, value: value ?? PLACEHOLDERS.apiKey};
      if (scheme.in === 'query') placed.query.push(pair);
      else if (scheme.in === 'cookie') placed.cookies.push(pair);
      else placed.headers.push(pair);
    } else if (scheme.type === 'http' && typeof scheme.scheme === 'string' && scheme.scheme.toLowerCase() === 'basic') {
      placed.headers.push({name: 'Authorization', value: `Basic ${base64(value ?? `${PLACEHOLDERS.username}:${PLACEHOLDERS.password}`)}`});
    } else if (scheme.type === 'http') {
      placed.headers.push({name: 'Authorization', value: `Bearer ${value ?? PLACEHOLDERS.bearer}`});
    } else if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') {
      placed.headers.push({name: 'Authorization', value: `Bearer ${value ?? PLACEHOLDERS.accessToken}`});
    }
  });
  return placed;
}

/**
 * Base64 of text's UTF-8 bytes, in Node.js and in a browser alike.
 * @param {string} text
 */
function base64(text) {
  if (typeof Buffer === 'function') return Buffer.from(text, 'utf8').toString('base64');
  return btoa(Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join(''));
}

/**
 * The media type the operation's first successful response (else its first response) sends, for
 * the `Accept` header.
 * @param {any} spec
 * @param {Record<string, any>} operation
 */
function acceptedMediaType(spec, operation) {
  if (!isObject(operation.responses)) return undefined;
  const codes = Object.keys(operation.responses);
  const code = codes.find((status) => /^2/.test(status)) ?? codes[0];
  const response = code === undefined ? undefined : resolved(spec, own(operation.responses, code));
  return isObject(response) && isObject(response.content) ? preferredMediaType(response.content) : undefined;
}

/**
 * The operation at a path and method of `spec.paths`, with its path item, resolved.
 * @param {any} spec
 * @param {string} pathName
 * @param {string} method
 * @returns {{pathItem: Record<string, any>; operation: Record<string, any>} | undefined}
 */
function operationAt(spec, pathName, method) {
  if (!METHODS.includes(method)) return undefined;
  const pathItem = resolved(spec, own(spec?.paths, pathName));
  const operation = resolved(spec, own(pathItem, method));
  return isObject(pathItem) && isObject(operation) ? {pathItem, operation} : undefined;
}

/**
 * What a reader may fill in to send an operation (the browser's console): by default, every value
 * is the one a first request sends.
 * @typedef {object} RequestValues
 * @property {number} [server] Which of the operation's servers.
 * @property {Record<string, string>} [variables] The server's variables, by name.
 * @property {Record<string, unknown>} [parameters] By location and name (`query:limit`): the value
 *   to send, or `undefined` to leave an optional parameter out; a parameter not named here is sent
 *   with its example when it is required (or in the path), and left out otherwise.
 * @property {string} [body] The body as it is sent; for a form, the JSON of an object of its fields.
 * @property {number} [security] Which of the operation's security requirements (alternatives).
 * @property {Record<string, string>} [credentials] By security scheme: the API key, the token, or
 *   `user:password` for HTTP basic; none sent where it is empty, a placeholder where none is given.
 */

/**
 * A value a reader typed for a parameter, as its schema's type has it: a list for an array (typed
 * comma-separated), the text otherwise, which every other type sends as it is.
 * @param {any} spec
 * @param {Record<string, any>} parameter
 * @param {unknown} value
 */
function asTyped(spec, parameter, value) {
  const schema = resolved(spec, parameter.schema);
  if (typeof value !== 'string' || !isObject(schema) || schema.type !== 'array') return value;
  return value === '' ? [] : value.split(',').map((item) => item.trim());
}

/**
 * The key of a parameter in `RequestValues.parameters`.
 * @param {{in: string; name: string}} parameter
 */
function parameterKey(parameter) {
  return `${parameter.in}:${parameter.name}`;
}

/**
 * The request of one operation of `spec.paths`: the values given, and for the rest the values a
 * reader would send first.
 * @param {any} spec An OpenAPI 3 description, bundled: its `$ref`s point inside it.
 * @param {string} pathName
 * @param {string} method
 * @param {{base: string}} where The absolute URL a relative server is resolved against.
 * @param {RequestValues} [values]
 * @returns {OperationRequest | undefined} Nothing for a path or method the spec does not have.
 */
function operationRequest(spec, pathName, method, where, values = {}) {
  const found = operationAt(spec, pathName, method);
  if (!found) return undefined;
  const {pathItem, operation} = found;

  /** @type {OperationRequest} */
  const request = {method: method.toUpperCase(), url: '', query: [], headers: [], cookies: [], body: bodyOf(spec, operation, values.body)};
  let path = pathName;
  parametersOf(spec, pathItem, operation).forEach((parameter) => {
    const key = parameterKey({in: parameter.in, name: parameter.name});
    const given = values.parameters !== undefined && Object.prototype.hasOwnProperty.call(values.parameters, key);
    // A path parameter is always sent; the others when given, or when required, as a first request would.
    if (!given && parameter.in !== 'path' && parameter.required !== true) return;
    const value = given ? asTyped(spec, parameter, values.parameters?.[key]) : exampleOf(spec, parameter);
    if (value === undefined && given && parameter.in !== 'path') return;
    if (parameter.in === 'path') {
      const text = serialized(parameter, value ?? parameter.name)
        .map((pair) => pair.value)
        .join(',');
      path = path.split(`{${parameter.name}}`).join(encodeURIComponent(text));
    } else if (parameter.in === 'query') request.query.push(...serialized(parameter, value ?? ''));
    else if (parameter.in === 'header') request.headers.push(...serialized(parameter, value ?? ''));
    else if (parameter.in === 'cookie') request.cookies.push(...serialized(parameter, value ?? ''));
  });
  const credentials = credentialsOf(spec, operation, values.security ?? 0, values.credentials ?? {});
  request.query.push(...credentials.query);
  request.cookies.push(...credentials.cookies);
  const accept = acceptedMediaType(spec, operation);
  if (accept) request.headers.push({name: 'Accept', value: accept});
  // A multipart body's type carries its boundary, which the code that sends it chooses.
  if (request.body && !/^multipart\//i.test(request.body.mediaType)) request.headers.push({name: 'Content-Type', value: request.body.mediaType});
  request.headers.push(...credentials.headers);

  const servers = serversOf(spec, pathItem, operation);
  const server = servers[values.server ?? 0] ?? servers[0];
  const origin = server ? serverUrl(server, where.base, values.variables) : where.base.replace(/\/+$/, '');
  request.url = origin + (path.startsWith('/') ? path : `/${path}`);
  return request;
}

/**
 * The request's URL with its query.
 * @param {OperationRequest} request
 */
function urlWithQuery(request) {
  if (request.query.length === 0) return request.url;
  const query = new URLSearchParams(request.query.map((pair) => [pair.name, pair.value])).toString();
  return `${request.url}${request.url.includes('?') ? '&' : '?'}${query}`;
}

/**
 * The request as an HTTP Archive (HAR 1.2) request, which snippet writers read.
 * @param {OperationRequest} request
 */
function harRequest(request) {
  return {
    method: request.method,
    url: request.url,
    httpVersion: 'HTTP/1.1',
    queryString: request.query,
    headers: request.headers,
    cookies: request.cookies,
    headersSize: -1,
    bodySize: -1,
    ...(request.body && {
      postData: request.body.params
        ? {mimeType: request.body.mediaType, params: request.body.params}
        : {mimeType: request.body.mediaType, text: request.body.text ?? ''},
    }),
  };
}

module.exports = {
  METHODS,
  PLACEHOLDERS,
  exampleOf,
  harRequest,
  operationAt,
  operationRequest,
  parameterKey,
  parametersOf,
  resolved,
  securityOf,
  serversOf,
  serverUrl,
  urlWithQuery,
};
