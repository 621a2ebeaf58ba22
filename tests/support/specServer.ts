/** A one-route HTTP server on 127.0.0.1 that answers like a spec host would (or would not). */
import http from 'node:http';
import net, {type AddressInfo} from 'node:net';

export interface SpecServer {
  url: string;
  close(): Promise<void>;
}

export async function startSpecServer(reply: {status?: number; body: string; delayMs?: number}): Promise<SpecServer> {
  const server = http.createServer((_request, response) => {
    setTimeout(() => {
      response.writeHead(reply.status ?? 200, {'Content-Type': 'application/yaml'});
      response.end(reply.body);
    }, reply.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/openapi.yaml`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A URL on 127.0.0.1 where nothing listens: a port we bound and released. */
export async function unreachableUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/openapi.yaml`;
}
