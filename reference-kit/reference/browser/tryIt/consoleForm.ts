/**
 * The fields of an operation's console, read from the spec: each parameter with its schema's
 * constraints and its first value, the body's media type and first text, the servers with their
 * variables, and the credentials each security requirement asks for. The request is built from what
 * the reader fills in by ../../shared/operationRequest.js, as the build's samples are.
 */
import {
  exampleOf,
  operationAt,
  operationRequest,
  parameterKey,
  parametersOf,
  resolved,
  securityOf,
  serversOf,
  type RequestValues,
} from '../../shared/operationRequest';
import {browserFlowsOf, type BrowserFlow} from './oauth';

/** An object of a spec: read with a check of each value's type before its use. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a spec's values are of any type until checked
type SpecObject = Record<string, any>;

const isObject = (value: unknown): value is SpecObject => typeof value === 'object' && value !== null && !Array.isArray(value);

export interface ParameterField {
  key: string;
  name: string;
  location: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  description: string;
  /** The schema's type, or `array of <type>`. */
  type: string;
  enum?: string[];
  /** The constraints, in words: `1 to 100`, `at most 20 characters`, `pattern ^a`. */
  constraints: string[];
  /** The input's own constraints, where the browser can check them. */
  input: {type: 'text' | 'number'; min?: number; max?: number; step?: number; minLength?: number; maxLength?: number; pattern?: string};
  /** What the field holds first: the example a first request sends, for a required one. */
  initial: string;
}

export interface CredentialField {
  scheme: string;
  /** What the field is, in words: `API key (header X-API-Key)`, `Bearer token`, `Username and password`. */
  label: string;
  kind: 'apiKey' | 'token' | 'basic';
  /** For an OAuth 2 scheme: the flows a reader can sign in with from the page, and the scopes the operation asks for. */
  signIn?: {flows: BrowserFlow[]; scopes: string[]};
}

export interface ConsoleForm {
  servers: {url: string; description: string; variables: {name: string; enum?: string[]; initial: string}[]}[];
  parameters: ParameterField[];
  body?: {mediaType: string; initial: string; isForm: boolean};
  /** Alternatives: the reader picks one, and fills its credentials. */
  security: {label: string; fields: CredentialField[]}[];
}

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(text).join(',');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function constraintsOf(schema: SpecObject): {constraints: string[]; input: ParameterField['input']} {
  const constraints: string[] = [];
  const numeric = schema.type === 'integer' || schema.type === 'number';
  const input: ParameterField['input'] = {type: numeric ? 'number' : 'text'};
  if (numeric) {
    if (typeof schema.minimum === 'number') input.min = schema.minimum;
    if (typeof schema.maximum === 'number') input.max = schema.maximum;
    if (schema.type === 'integer') input.step = 1;
    if (input.min !== undefined && input.max !== undefined) constraints.push(`${input.min} to ${input.max}`);
    else if (input.min !== undefined) constraints.push(`at least ${input.min}`);
    else if (input.max !== undefined) constraints.push(`at most ${input.max}`);
  } else if (schema.type === 'string') {
    if (typeof schema.minLength === 'number') {
      input.minLength = schema.minLength;
      constraints.push(`at least ${schema.minLength} characters`);
    }
    if (typeof schema.maxLength === 'number') {
      input.maxLength = schema.maxLength;
      constraints.push(`at most ${schema.maxLength} characters`);
    }
    if (typeof schema.pattern === 'string') {
      constraints.push(`pattern ${schema.pattern}`);
      // The browser checks a pattern it can read, with the `v` flag; one it cannot is only shown.
      try {
        new RegExp(schema.pattern, 'v');
        input.pattern = schema.pattern;
      } catch {
        // shown, not checked
      }
    }
    if (typeof schema.format === 'string') constraints.push(schema.format);
  }
  return {constraints, input};
}

function parameterField(spec: unknown, parameter: SpecObject): ParameterField {
  const schema = (resolved(spec, parameter.schema) as SpecObject | undefined) ?? {};
  const items = schema.type === 'array' ? ((resolved(spec, schema.items) as SpecObject | undefined) ?? {}) : undefined;
  const described = items ?? schema;
  const {constraints, input} = constraintsOf(described);
  if (items) constraints.unshift('comma-separated');
  const first = parameter.required === true || parameter.in === 'path' ? exampleOf(spec, parameter) : undefined;
  return {
    key: parameterKey(parameter as {in: string; name: string}),
    name: String(parameter.name),
    location: parameter.in,
    required: parameter.required === true || parameter.in === 'path',
    description: typeof parameter.description === 'string' ? parameter.description : '',
    type: items ? `array of ${String(items.type ?? 'values')}` : String(schema.type ?? 'value'),
    enum: Array.isArray(described.enum) ? described.enum.map(text) : described.type === 'boolean' ? ['true', 'false'] : undefined,
    constraints,
    input: items ? {type: 'text'} : input,
    initial: text(first),
  };
}

function credentialField(name: string, scheme: SpecObject, scopes: string[]): CredentialField | undefined {
  const field = schemeField(name, scheme);
  const flows = browserFlowsOf(scheme, location.href);
  return field && flows.length > 0 ? {...field, signIn: {flows, scopes}} : field;
}

function schemeField(name: string, scheme: SpecObject): CredentialField | undefined {
  if (scheme.type === 'apiKey') return {scheme: name, kind: 'apiKey', label: `API key (${String(scheme.in ?? 'header')} ${String(scheme.name ?? '')})`};
  if (scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'basic') return {scheme: name, kind: 'basic', label: 'Username and password (HTTP basic)'};
  if (scheme.type === 'http') return {scheme: name, kind: 'token', label: `${String(scheme.scheme ?? 'Bearer')} token${scheme.bearerFormat ? ` (${String(scheme.bearerFormat)})` : ''}`};
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return {scheme: name, kind: 'token', label: `Access token (${scheme.type === 'oauth2' ? 'OAuth 2' : 'OpenID Connect'})`};
  return undefined;
}

/** The console's fields for an operation, or nothing for an operation the spec does not have. */
export function consoleForm(spec: unknown, pathName: string, method: string): ConsoleForm | undefined {
  const found = operationAt(spec, pathName, method);
  if (!found) return undefined;
  const {pathItem, operation} = found;
  const first = operationRequest(spec, pathName, method, {base: location.href});
  return {
    servers: serversOf(spec, pathItem, operation).map((server) => ({
      url: server.url,
      description: server.description,
      variables: Object.entries(server.variables).map(([name, variable]) => ({
        name,
        enum: isObject(variable) && Array.isArray(variable.enum) ? variable.enum.map(text) : undefined,
        initial: isObject(variable) ? text(variable.default) : '',
      })),
    })),
    parameters: parametersOf(spec, pathItem, operation).map((parameter) => parameterField(spec, parameter)),
    body: first?.body && {
      mediaType: first.body.mediaType,
      isForm: Boolean(first.body.params),
      initial: first.body.params ? JSON.stringify(Object.fromEntries(first.body.params.map((pair) => [pair.name, pair.value])), null, 2) : (first.body.text ?? ''),
    },
    security: securityOf(spec, operation).map((requirement) => ({
      label: requirement.map(({name}) => name).join(' and ') || 'None',
      fields: requirement.flatMap(({name, scheme, scopes}) => credentialField(name, scheme, scopes) ?? []),
    })),
  };
}

/** The values the console starts with: each field's first value. */
export function initialValues(form: ConsoleForm): Required<Pick<RequestValues, 'server' | 'variables' | 'parameters' | 'security' | 'credentials'>> & {body?: string} {
  return {
    server: 0,
    variables: Object.fromEntries((form.servers[0]?.variables ?? []).map((variable) => [variable.name, variable.initial])),
    parameters: Object.fromEntries(form.parameters.filter((field) => field.required).map((field) => [field.key, field.initial])),
    body: form.body?.initial,
    security: 0,
    // Empty, so that nothing is sent for a scheme the reader leaves empty (the samples' placeholders are not credentials).
    credentials: Object.fromEntries(form.security.flatMap((requirement) => requirement.fields.map((field) => [field.scheme, '']))),
  };
}
