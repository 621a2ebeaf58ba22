#!/usr/bin/env node
// Serves the static `build/` folder on 127.0.0.1 the way a static host does:
// `/a/b` and `/a/b/` find `a/b.html` or `a/b/index.html`, unknown paths get
// `404.html` with status 404, and `--compress` adds gzip/brotli like a CDN.
// `--base /redocusaurus/` serves the folder under that path, as GitHub Pages serves a project
// site: the base without its slash redirects to it, and paths outside it are not found.
//
//   node scripts/cli/serve-build.mjs [--dir build] [--port 3100 | 0] [--compress] [--base /]
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {parseArgs} from 'node:util';

const {values: args} = parseArgs({
  options: {
    dir: {type: 'string', default: 'build'},
    port: {type: 'string', default: process.env.PORT ?? '3100'},
    compress: {type: 'boolean', default: false},
    base: {type: 'string', default: '/'},
  },
});

if (!/^\/(?:[^/?#]+\/)*$/.test(args.base)) {
  console.error(`--base must start and end with "/", such as /redocusaurus/; got ${JSON.stringify(args.base)}.`);
  process.exit(2);
}

const root = path.resolve(args.dir);
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.yml': 'application/yaml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.yaml', '.yml', '.svg', '.xml', '.txt']);

function isFile(file) {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Maps a URL path to a file inside `root`, or undefined. */
export function resolveFile(urlPath) {
  const clean = path.posix.normalize(decodeURIComponent(urlPath));
  const base = path.join(root, clean);
  if (!base.startsWith(root)) return undefined;
  const candidates = clean.endsWith('/')
    ? [path.join(base, 'index.html')]
    : [base, `${base}.html`, path.join(base, 'index.html')];
  return candidates.find(isFile);
}

// Compressed bodies, kept like a CDN's edge cache: brotli at its default quality takes seconds
// for the large Redoc chunks, and redoing it on every request would make the server, not the
// site, the slow part of a page load. Keyed by size and mtime so a rebuild is picked up.
const compressedCache = new Map();

function compress(file, body, encoding) {
  const {size, mtimeMs} = fs.statSync(file);
  const key = `${encoding}:${file}:${size}:${mtimeMs}`;
  let compressed = compressedCache.get(key);
  if (!compressed) {
    compressed = encoding === 'br' ? zlib.brotliCompressSync(body) : zlib.gzipSync(body, {level: 9});
    compressedCache.set(key, compressed);
  }
  return compressed;
}

function send(req, res, status, file) {
  const ext = path.extname(file);
  const headers = {
    'Content-Type': TYPES[ext] ?? 'application/octet-stream',
    // Hashed assets never change; pages must be revalidated.
    'Cache-Control': /\/assets\//.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  let body = fs.readFileSync(file);
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (args.compress && COMPRESSIBLE.has(ext)) {
    headers.Vary = 'Accept-Encoding';
    if (/\bbr\b/.test(accepted)) {
      body = compress(file, body, 'br');
      headers['Content-Encoding'] = 'br';
    } else if (/\bgzip\b/.test(accepted)) {
      body = compress(file, body, 'gzip');
      headers['Content-Encoding'] = 'gzip';
    }
  }
  headers['Content-Length'] = body.length;
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

const server = http.createServer((req, res) => {
  const {pathname, search} = new URL(req.url ?? '/', 'http://localhost');
  if (`${pathname}/` === args.base) {
    res.writeHead(301, {Location: args.base + search});
    res.end();
    return;
  }
  const underBase = pathname.startsWith(args.base);
  let file;
  try {
    file = underBase ? resolveFile(pathname.slice(args.base.length - 1)) : undefined;
  } catch {
    file = undefined;
  }
  if (file) {
    send(req, res, 200, file);
    return;
  }
  const notFound = path.join(root, '404.html');
  if (underBase && isFile(notFound)) {
    send(req, res, 404, notFound);
  } else {
    res.writeHead(404, {'Content-Type': 'text/plain; charset=utf-8'});
    res.end(`Not found: ${pathname}\n`);
  }
});

// With --port 0 the system picks a free port; the line below names it.
server.listen(Number(args.port), '127.0.0.1', () => {
  console.log(`Serving ${path.relative(process.cwd(), root) || '.'} on http://127.0.0.1:${server.address().port}${args.base}`);
});
