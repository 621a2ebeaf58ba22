/**
 * A small API the tests send real requests to: the request samples run against it
 * (tests/reference-kit/requestSamples.spec.ts), and the console sends to it from a reader's site
 * (tests/reader-site/kit.spec.ts). One operation, `POST /v1/boards/{board}/notes?notify=`, which
 * checks an API key (`X-API-Key: test-key`) or a token its OAuth 2 provider issued, and answers with
 * what it received. The provider runs the authorization code flow with PKCE (`/oauth/authorize`
 * sends the reader back at once, as if they had agreed; `/oauth/token` checks the verifier) for the
 * client `notes-console`. CORS is on for any origin, unless `cors: false`, which answers without it
 * (a server a browser may not read).
 */
import {createHash, randomBytes} from 'node:crypto';
import http from 'node:http';
import type {AddressInfo} from 'node:net';

export const NOTES_API_KEY = 'test-key';
/** The client the provider knows. */
export const NOTES_CLIENT_ID = 'notes-console';

export interface NotesApi {
  /** The server's origin, `http://127.0.0.1:<port>`. */
  origin: string;
  /** Every request it received, preflights included. */
  received: {method: string; url: string; key: string | undefined; authorization: string | undefined; type: string | undefined; body: unknown}[];
  /** The tokens the provider issued. */
  tokens: string[];
  close: () => Promise<void>;
}

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Accept, Authorization, Content-Type, X-API-Key',
};

export async function startNotesApi({cors = true}: {cors?: boolean} = {}): Promise<NotesApi> {
  const received: NotesApi['received'] = [];
  const tokens: string[] = [];
  /** Codes the provider gave, with what the token request must match. */
  const codes = new Map<string, {challenge: string; redirectUri: string}>();
  const server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      let body: unknown = null;
      try {
        body = text === '' ? null : JSON.parse(text);
      } catch {
        body = text;
      }
      const key = request.headers['x-api-key'];
      const authorization = request.headers.authorization;
      received.push({method: request.method ?? '', url: request.url ?? '', key: Array.isArray(key) ? key.join(',') : key, authorization, type: request.headers['content-type'], body});
      const headers = {'Content-Type': 'application/json', ...(cors && CORS_HEADERS)};
      if (request.method === 'OPTIONS') {
        response.writeHead(204, headers).end();
        return;
      }
      const url = new URL(request.url ?? '/', 'http://notes.invalid');
      if (request.method === 'GET' && url.pathname === '/oauth/authorize') {
        const params = url.searchParams;
        const back = new URL(params.get('redirect_uri') ?? '');
        back.searchParams.set('state', params.get('state') ?? '');
        if (params.get('client_id') !== NOTES_CLIENT_ID || params.get('response_type') !== 'code' || params.get('code_challenge_method') !== 'S256') {
          back.searchParams.set('error', 'unauthorized_client');
          back.searchParams.set('error_description', 'this client may not sign in here');
        } else {
          const code = randomBytes(8).toString('hex');
          codes.set(code, {challenge: params.get('code_challenge') ?? '', redirectUri: params.get('redirect_uri') ?? ''});
          back.searchParams.set('code', code);
        }
        response.writeHead(302, {Location: back.href}).end();
        return;
      }
      if (request.method === 'POST' && url.pathname === '/oauth/token') {
        const form = new URLSearchParams(text);
        const issued = codes.get(form.get('code') ?? '');
        const verifier = createHash('sha256').update(form.get('code_verifier') ?? '').digest('base64url');
        if (!issued || form.get('grant_type') !== 'authorization_code' || issued.redirectUri !== form.get('redirect_uri') || issued.challenge !== verifier) {
          response.writeHead(400, headers).end(JSON.stringify({error: 'invalid_grant', error_description: 'the code or its verifier is wrong'}));
          return;
        }
        codes.delete(form.get('code')!);
        const token = `notes-token-${randomBytes(8).toString('hex')}`;
        tokens.push(token);
        response.writeHead(200, headers).end(JSON.stringify({access_token: token, token_type: 'bearer'}));
        return;
      }
      const match = /^\/v1\/boards\/([^/?]+)\/notes(?:\?(.*))?$/.exec(request.url ?? '');
      if (request.method !== 'POST' || !match) {
        response.writeHead(404, headers).end(JSON.stringify({error: 'no such operation'}));
        return;
      }
      const bearer = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
      if (key !== NOTES_API_KEY && !(bearer && tokens.includes(bearer))) {
        response.writeHead(401, headers).end(JSON.stringify({error: 'missing or wrong key'}));
        return;
      }
      const query = new URLSearchParams(match[2] ?? '');
      response.writeHead(201, headers).end(JSON.stringify({created: body, board: decodeURIComponent(match[1]!), notify: query.get('notify')}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {origin: `http://127.0.0.1:${port}`, received, tokens, close: () => new Promise((resolve) => server.close(() => resolve()))};
}

/**
 * The API's description, with `servers` as given: the first the console sends to, and others to
 * try failures with; with `provider` (an API's origin), its OAuth 2 sign-in as a second way in.
 */
export function notesSpec(servers: {url: string; description?: string}[], {provider}: {provider?: string} = {}): Record<string, unknown> {
  const oauth = provider && {
    type: 'oauth2',
    flows: {authorizationCode: {authorizationUrl: `${provider}/oauth/authorize`, tokenUrl: `${provider}/oauth/token`, scopes: {'notes:write': 'write notes', 'notes:read': 'read notes'}}},
  };
  return {
    openapi: '3.0.3',
    info: {title: 'Notes', version: '1.0.0', description: 'A board of notes, for the tests.'},
    servers,
    components: {securitySchemes: {key: {type: 'apiKey', in: 'header', name: 'X-API-Key'}, ...(oauth && {oauth})}},
    security: [{key: []}, ...(oauth ? [{oauth: ['notes:write']}] : [])],
    tags: [{name: 'notes', description: 'Notes on a board.'}],
    paths: {
      '/boards/{board}/notes': {
        post: {
          tags: ['notes'],
          operationId: 'createNote',
          summary: 'Create a note',
          parameters: [
            {name: 'board', in: 'path', required: true, description: 'The board.', schema: {type: 'string', example: 'kitchen'}},
            {name: 'notify', in: 'query', required: true, description: 'Whether to tell the board.', schema: {type: 'boolean', example: true}},
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['text'],
                  properties: {text: {type: 'string', minLength: 1, example: "Buy milk, don't forget"}, pinned: {type: 'boolean'}},
                },
              },
            },
          },
          responses: {
            '201': {description: 'The note, as created.', content: {'application/json': {schema: {type: 'object'}, example: {created: {text: 'A note'}, board: 'kitchen', notify: 'true'}}}},
            '401': {description: 'No key, or a wrong one.'},
          },
        },
      },
    },
  };
}
