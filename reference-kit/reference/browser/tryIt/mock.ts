/**
 * The console's mock server: it answers a request in the page, from the spec, with no backend. It
 * checks the request against its operation first (a required parameter missing, a body that is
 * not JSON or does not match its schema: a 400 that says what is wrong), then answers with the
 * status the operation documents for success and its example, or a sample of its schema.
 */
import {exampleOf, operationAt, parameterKey, parametersOf, resolved, type OperationRequest} from '../../shared/operationRequest';
import {schemaErrors} from './schemaErrors';

/** An object of a spec: read with a check of each value's type before its use. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a spec's values are of any type until checked
type SpecObject = Record<string, any>;

/** A response as the console shows it, from the network or from the mock. */
export interface ConsoleResponse {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: string;
}

const isObject = (value: unknown): value is SpecObject => typeof value === 'object' && value !== null && !Array.isArray(value);

const STATUS_TEXT: Record<number, string> = {200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No Content', 400: 'Bad Request'};

function json(status: number, value: unknown): ConsoleResponse {
  return {status, statusText: STATUS_TEXT[status] ?? '', headers: [['content-type', 'application/json']], body: JSON.stringify(value, null, 2)};
}

/** The parameters the request left out that the operation requires. */
function missingParameters(spec: unknown, pathItem: SpecObject, operation: SpecObject, request: OperationRequest): string[] {
  const sent = new Set([
    ...request.query.map((pair) => parameterKey({in: 'query', name: pair.name.replace(/\[.*$/, '')})),
    ...request.headers.map((pair) => parameterKey({in: 'header', name: pair.name.toLowerCase()})),
    ...request.cookies.map((pair) => parameterKey({in: 'cookie', name: pair.name})),
  ]);
  return parametersOf(spec, pathItem, operation)
    .filter((parameter) => parameter.required === true && parameter.in !== 'path')
    .filter((parameter) => !sent.has(parameterKey({in: parameter.in, name: parameter.in === 'header' ? String(parameter.name).toLowerCase() : parameter.name})))
    .map((parameter) => `${parameter.in} parameter ${parameter.name}`);
}

/** What is wrong with the request's body, against the operation's. */
function bodyProblems(spec: unknown, operation: SpecObject, request: OperationRequest): string[] {
  const requestBody = resolved(spec, operation.requestBody) as SpecObject | undefined;
  if (!isObject(requestBody)) return [];
  const text = request.body?.text ?? '';
  if (!request.body || (text.trim() === '' && !request.body.params?.length)) return requestBody.required === true ? ['The body is required.'] : [];
  const media = isObject(requestBody.content) ? (resolved(spec, requestBody.content[request.body.mediaType]) as SpecObject | undefined) : undefined;
  if (!/json/i.test(request.body.mediaType) || !isObject(media)) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return [`The body is not JSON: ${(error as Error).message}.`];
  }
  return schemaErrors(spec, media.schema, value);
}

/** The status of a response code as the mock sends it: `2XX` is 200, `default` is 200. */
function statusOf(code: string): number {
  if (/^\d{3}$/.test(code)) return Number(code);
  if (/^[1-5]XX$/i.test(code)) return Number(code[0]) * 100;
  return 200;
}

/**
 * The mock's answer to `request`, an operation of `spec` at `pathName` and `method`, as the console
 * built it (../../shared/operationRequest.js).
 */
export function mockResponse(spec: unknown, pathName: string, method: string, request: OperationRequest): ConsoleResponse {
  const found = operationAt(spec, pathName, method);
  if (!found) return json(400, {error: `The spec has no operation ${method.toUpperCase()} ${pathName}.`});
  const {pathItem, operation} = found;
  const problems = [...missingParameters(spec, pathItem, operation, request).map((name) => `The ${name} is required.`), ...bodyProblems(spec, operation, request)];
  if (problems.length > 0) return json(400, {error: 'The request does not match the operation.', problems});

  const responses = isObject(operation.responses) ? operation.responses : {};
  const codes = Object.keys(responses);
  const code = codes.find((candidate) => /^2/.test(candidate)) ?? codes.find((candidate) => candidate === 'default') ?? '200';
  const status = statusOf(code);
  const response = resolved(spec, responses[code]) as SpecObject | undefined;
  const content = isObject(response) && isObject(response.content) ? response.content : undefined;
  const mediaType = content ? (Object.keys(content).find((type) => /json/i.test(type)) ?? Object.keys(content)[0]) : undefined;
  const media = content && mediaType ? (resolved(spec, content[mediaType]) as SpecObject | undefined) : undefined;
  if (!mediaType || !isObject(media) || status === 204) return {status, statusText: STATUS_TEXT[status] ?? '', headers: [], body: ''};
  const example = exampleOf(spec, media);
  const body = typeof example === 'string' && !/json/i.test(mediaType) ? example : JSON.stringify(example ?? null, null, 2);
  return {status, statusText: STATUS_TEXT[status] ?? '', headers: [['content-type', mediaType]], body};
}
