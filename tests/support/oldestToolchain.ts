/**
 * The oldest Node.js and npm the reference kit's docs allow, the minimums in its package.json's
 * `engines` (`>=20.18.1`, `>=8.7` read as 8.7.0), fetched from the npm registry: Node.js from the
 * `node-<platform>-<arch>` package (the official build, as the `node` package installs it) and npm
 * from its own package. Cached in node_modules/.cache/oldest-toolchain/; `bin` goes first on a
 * reader's PATH, so that `node`, `npm` and the scripts npm runs use them.
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {REPO_ROOT} from '../../scripts/repoRoot';

const KIT_MANIFEST = path.join(REPO_ROOT, 'reference-kit/package.json');
const CACHE = path.join(REPO_ROOT, 'node_modules/.cache/oldest-toolchain');

export interface Toolchain {
  node: string;
  npm: string;
  /** A folder with `node`, `npm` and `npx`. */
  bin: string;
}

/** `>=20.18.1` → `20.18.1`, `>=8.7` → `8.7.0`. */
function minimum(range: string): string {
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
  if (!match) throw new Error(`${KIT_MANIFEST}: engines range ${JSON.stringify(range)} is not of the form >=x.y.z`);
  return [match[1], match[2] ?? '0', match[3] ?? '0'].join('.');
}

/** Unpacks `package` of the npm package `spec` into `dir`, with `npm pack` (the registry only, no install scripts). */
function unpack(spec: string, dir: string): string {
  fs.mkdirSync(dir, {recursive: true});
  const tarball = execFileSync('npm', ['pack', spec, '--silent', '--pack-destination', dir], {cwd: dir, encoding: 'utf8'}).trim().split('\n').at(-1)!;
  execFileSync('tar', ['-xzf', tarball], {cwd: dir});
  fs.rmSync(path.join(dir, tarball));
  return path.join(dir, 'package');
}

export function oldestToolchain(): Toolchain {
  const {engines} = JSON.parse(fs.readFileSync(KIT_MANIFEST, 'utf8')) as {engines: {node: string; npm: string}};
  const node = minimum(engines.node);
  const npm = minimum(engines.npm);
  const home = path.join(CACHE, `node-${node}-npm-${npm}`);
  const bin = path.join(home, 'bin');
  if (fs.existsSync(path.join(bin, 'ready'))) return {node, npm, bin};

  fs.rmSync(home, {recursive: true, force: true});
  const nodePackage = unpack(`node-${process.platform}-${process.arch}@${node}`, path.join(home, 'node'));
  const npmPackage = unpack(`npm@${npm}`, path.join(home, 'npm'));
  fs.mkdirSync(bin, {recursive: true});
  fs.symlinkSync(path.join(nodePackage, 'bin/node'), path.join(bin, 'node'));
  for (const [name, cli] of [
    ['npm', 'npm-cli.js'],
    ['npx', 'npx-cli.js'],
  ]) {
    fs.writeFileSync(path.join(bin, name), `#!/bin/sh\nexec "${path.join(bin, 'node')}" "${path.join(npmPackage, 'bin', cli!)}" "$@"\n`, {mode: 0o755});
  }
  const reported = execFileSync(path.join(bin, 'node'), ['--version'], {encoding: 'utf8'}).trim();
  if (reported !== `v${node}`) throw new Error(`the Node.js from node-${process.platform}-${process.arch}@${node} says it is ${reported}`);
  fs.writeFileSync(path.join(bin, 'ready'), `${new Date().toISOString()}\n`);
  return {node, npm, bin};
}

/** A reader's environment with the toolchain first on PATH. */
export function toolchainEnv(toolchain: Toolchain): Record<string, string> {
  return {PATH: `${toolchain.bin}${path.delimiter}${process.env.PATH ?? ''}`};
}
