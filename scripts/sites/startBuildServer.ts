/**
 * Starts scripts/cli/serve-build.mjs on a free port as a child process, for the bench and the tests
 * that serve a build of their own; resolves once it listens.
 */
import {spawn} from 'node:child_process';
import path from 'node:path';

export interface BuildServer {
  /** The server's origin, `http://127.0.0.1:<port>`. */
  origin: string;
  /** Stops the server. */
  close(): void;
}

export interface BuildServerOptions {
  /** The folder to serve (it may still be empty: files are looked up per request). */
  dir: string;
  /** gzip and brotli, like a CDN. */
  compress?: boolean;
  /** The sub-path the folder is served under, e.g. `/redocusaurus/`. */
  base?: string;
}

const SERVER = path.join(__dirname, '..', 'cli', 'serve-build.mjs');

export function startBuildServer({dir, compress = false, base = '/'}: BuildServerOptions): Promise<BuildServer> {
  const args = [SERVER, '--dir', dir, '--port', '0', '--base', base, ...(compress ? ['--compress'] : [])];
  const child = spawn(process.execPath, args, {stdio: ['ignore', 'pipe', 'pipe']});
  const close = () => {
    child.kill();
  };
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      close();
      reject(new Error(`The static server did not start in 10 s:\n${output}`));
    }, 10_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const origin = /Serving .* on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (origin) {
        clearTimeout(timer);
        resolve({origin, close});
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The static server exited (code ${code}):\n${output}`));
    });
  });
}
