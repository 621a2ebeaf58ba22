/**
 * A small API the tests send real requests to: the request samples run against it
 * (tests/reference-kit/requestSamples.spec.ts), and the console sends to it from a reader's site
 * (tests/reader-site/kit.spec.ts). One operation, `POST /v1/boards/{board}/notes?notify=`, which
 * checks an API key (`X-API-Key: test-key`) and answers with what it received. CORS is on for any
 * origin, unless `cors: false`, which answers without it (a server a browser may not read).
 */
import http from 'node:http';
import type {AddressInfo} from 'node:net';

export const NOTES_API_KEY = 'test-key';

export interface NotesApi {
  /** The server's origin, `http://127.0.0.1:<port>`. */
  origin: string;
  /** Every request it received, preflights included. */
  received: {method: string; url: string; key: string | undefined; type: string | undefined; body: unknown}[];
  close: () => Promise<void>;
}

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Accept, Content-Type, X-API-Key',
};

export async function startNotesApi({cors = true}: {cors?: boolean} = {}): Promise<NotesApi> {
  const received: NotesApi['received'] = [];
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
      received.push({method: request.method ?? '', url: request.url ?? '', key: Array.isArray(key) ? key.join(',') : key, type: request.headers['content-type'], body});
      const headers = {'Content-Type': 'application/json', ...(cors && CORS_HEADERS)};
      if (request.method === 'OPTIONS') {
        response.writeHead(204, headers).end();
        return;
      }
      const match = /^\/v1\/boards\/([^/?]+)\/notes(?:\?(.*))?$/.exec(request.url ?? '');
      if (request.method !== 'POST' || !match) {
        response.writeHead(404, headers).end(JSON.stringify({error: 'no such operation'}));
        return;
      }
      if (key !== NOTES_API_KEY) {
        response.writeHead(401, headers).end(JSON.stringify({error: 'missing or wrong key'}));
        return;
      }
      const query = new URLSearchParams(match[2] ?? '');
      response.writeHead(201, headers).end(JSON.stringify({created: body, board: decodeURIComponent(match[1]!), notify: query.get('notify')}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {origin: `http://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(() => resolve()))};
}

/**
 * The API's description, with `servers` as given: the first the console sends to, and others to
 * try failures with.
 */
export function notesSpec(servers: {url: string; description?: string}[]): Record<string, unknown> {
  return {
    openapi: '3.0.3',
    info: {title: 'Notes', version: '1.0.0', description: 'A board of notes, for the tests.'},
    servers,
    components: {securitySchemes: {key: {type: 'apiKey', in: 'header', name: 'X-API-Key'}}},
    security: [{key: []}],
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
