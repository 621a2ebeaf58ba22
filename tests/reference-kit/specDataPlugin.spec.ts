/**
 * reference-kit/lib/specDataPlugin.js, run as Docusaurus runs it (load, content loaded, webpack
 * configuration, post build) on large specs: the text files of each spec's pieces are taken by its
 * own instance's webpack rule and by no other's; each of those files, and the spec's download,
 * begins with a line that is no script, which the browser's reader of the pieces skips, and the
 * server's reads the same files from disk. Node only:
 * no browser page is opened.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import {expect, test} from '@playwright/test';
import {fetchedBuckets} from '../../reference-kit/reference/shared/pieceStore';
import {readBuckets} from '../../reference-kit/reference/server/pieceFiles';

interface Rule {
  test: RegExp;
  type: string;
}
interface Plugin {
  loadContent(): Promise<unknown>;
  contentLoaded(args: {content: unknown; actions: Record<string, unknown>}): Promise<void>;
  configureWebpack(config: unknown, isServer: boolean): {module?: {rules: Rule[]}};
  postBuild(props: {outDir: string; content: unknown}): Promise<void>;
}
const specDataModule = require('../../reference-kit/lib/specDataPlugin.js') as ((context: unknown, options: unknown) => Plugin) & {
  PIECES_FILE_HEADER: string;
  DOWNLOAD_HEADER: string;
};
const specDataPlugin = specDataModule;
const {PIECES_FILE_HEADER, DOWNLOAD_HEADER} = specDataModule;

/** Whether `text` compiles as a classic script (nothing is run). */
function compilesAsScript(text: string): boolean {
  try {
    new vm.Script(text);
    return true;
  } catch (error) {
    if (error instanceof SyntaxError || (error as Error).name === 'SyntaxError') return false;
    throw error;
  }
}

/** An OpenAPI description whose pieces come to well over the 1 MB past which they are text files. */
function largeSpec(): object {
  const paragraph = 'Returns the widget with every one of its parts, as stored when it was last changed. '.repeat(40);
  const paths = Object.fromEntries(
    Array.from({length: 400}, (_, index) => [
      `/widgets/${index}`,
      {get: {operationId: `getWidget${index}`, tags: [`tag${index % 8}`], description: paragraph, responses: {200: {description: 'The widget'}}}},
    ]),
  );
  return {openapi: '3.0.3', info: {title: 'Widgets', version: '1.0.0'}, paths};
}

test('each spec’s text files are taken by its own plugin instance’s webpack rule, and by no other’s', async () => {
  test.setTimeout(120_000);
  const siteDir = await fs.mkdtemp(path.join(os.tmpdir(), 'spec-data-plugin-'));
  try {
    const specFile = path.join(siteDir, 'widgets.json');
    await fs.writeFile(specFile, JSON.stringify(largeSpec()));
    const context = {siteDir, baseUrl: '/', siteConfig: {url: 'https://docs.example', baseUrl: '/'}, outDir: path.join(siteDir, 'build')};
    const instances = [];
    for (const id of ['widgets', 'widgets-v2']) {
      const plugin = specDataPlugin(context, {id, spec: specFile, route: `/${id}/`});
      const files: string[] = [];
      const createData = async (name: string, source: string) => {
        const file = path.join(siteDir, '.docusaurus', id, name);
        await fs.mkdir(path.dirname(file), {recursive: true});
        await fs.writeFile(file, source);
        if (file.endsWith('.txt')) files.push(file);
        return file;
      };
      const content = await plugin.loadContent();
      await plugin.contentLoaded({content, actions: {createData, setGlobalData: () => undefined, addRoute: () => undefined}});
      const rules = plugin.configureWebpack({}, false).module?.rules ?? [];
      instances.push({id, files, rules});
    }

    for (const {id, files, rules} of instances) {
      expect(files.length, `${id}: its pieces are text files`).toBeGreaterThan(1);
      expect(rules.map((rule) => rule.type), `${id}: one rule, for files the browser fetches`).toEqual(['asset/resource']);
      for (const other of instances) {
        for (const file of other.files) {
          expect(rules[0]!.test.test(file), `${id}'s rule on ${path.relative(siteDir, file)}`).toBe(other.id === id);
        }
      }
    }
  } finally {
    await fs.rm(siteDir, {recursive: true, force: true});
  }
});

test('the text files of pieces and the download begin with a line that is no script, and the browser reads every piece as written', async () => {
  test.setTimeout(120_000);
  const siteDir = await fs.mkdtemp(path.join(os.tmpdir(), 'spec-data-plugin-'));
  try {
    const specFile = path.join(siteDir, 'widgets.json');
    await fs.writeFile(specFile, JSON.stringify(largeSpec()));
    const outDir = path.join(siteDir, 'build');
    const context = {siteDir, baseUrl: '/', siteConfig: {url: 'https://docs.example', baseUrl: '/'}, outDir};
    const plugin = specDataPlugin(context, {id: 'widgets', spec: specFile, route: '/widgets/'});
    const written = new Map<string, string>();
    const createData = async (name: string, source: string) => {
      const file = path.join(siteDir, '.docusaurus', name);
      await fs.mkdir(path.dirname(file), {recursive: true});
      await fs.writeFile(file, source);
      written.set(name, file);
      return file;
    };
    const content = await plugin.loadContent();
    await plugin.contentLoaded({content, actions: {createData, setGlobalData: () => undefined, addRoute: () => undefined}});

    const textFiles = [...written.keys()].filter((name) => name.endsWith('.txt')).sort((a, b) => a.localeCompare(b, 'en', {numeric: true}));
    expect(textFiles.length).toBeGreaterThan(1);
    for (const name of textFiles) {
      const text = await fs.readFile(written.get(name)!, 'utf8');
      expect(text.startsWith(PIECES_FILE_HEADER), name).toBe(true);
      expect(compilesAsScript(text), name).toBe(false);
    }
    // JSON texts one after the other may compile (an empty object is a block, an array an expression): not after the header.
    expect(compilesAsScript('{}["a",{"b":1}]["c"]')).toBe(true);
    expect(compilesAsScript(`${PIECES_FILE_HEADER}{}["a",{"b":1}]["c"]`)).toBe(false);

    // The browser's side: the client module's files and lengths, each file fetched when a bundle in it is first needed and cut into bundles.
    const client = await fs.readFile(written.get('spec-pieces-widgets.client.js')!, 'utf8');
    const lengths = Array.from(client.matchAll(/\[file\d+, JSON\.parse\((".*?")\)\]/g), ([, literal]) => JSON.parse(JSON.parse(literal!)) as number[][]);
    expect(lengths).toHaveLength(textFiles.length);
    const realFetch = globalThis.fetch;
    const fetched: string[] = [];
    globalThis.fetch = (async (url: string) => {
      fetched.push(url);
      return new Response(await fs.readFile(url, 'utf8'));
    }) as typeof fetch;
    try {
      const {buckets, fetching, fetchingAll} = fetchedBuckets(textFiles.map((name, index) => [written.get(name)!, lengths[index]!]));
      expect(fetched, 'nothing fetched before a bundle is needed').toEqual([]);
      const lastBucket = lengths.flat().length - 1;
      const first = fetching!(lastBucket);
      expect(fetching!(lastBucket), 'one request per file').toBe(first);
      await first;
      expect(fetched).toEqual([written.get(textFiles.at(-1)!)]);
      expect(fetching!(lastBucket), 'a file that is in').toBeUndefined();
      await fetchingAll!();
      expect([...fetched].sort()).toEqual(textFiles.map((name) => written.get(name)!).sort());
      // The server's side reads the same files from disk (its pieces module names them): the same bundles.
      const server = await fs.readFile(written.get('spec-pieces-widgets.server.js')!, 'utf8');
      const serverFiles = Array.from(server.matchAll(/\[(".*?"), JSON\.parse\((".*?")\)\]/g), ([, file, literal]) => [JSON.parse(file!), JSON.parse(JSON.parse(literal!))] as [string, number[][]]);
      expect(serverFiles.map(([file]) => file)).toEqual(textFiles.map((name) => written.get(name)!));
      expect(server).not.toMatch(/require\(/);
      const serverBuckets = readBuckets(serverFiles).buckets;
      expect(serverBuckets).toHaveLength(buckets.length);
      // Every operation's piece, where the data module places it, is that operation, on both sides.
      const dataModule = await fs.readFile(written.get('spec-data-widgets.js')!, 'utf8');
      const [, piecesLiteral] = Array.from(dataModule.matchAll(/JSON\.parse\(("(?:[^"\\]|\\.)*")\)/g), ([, literal]) => literal!);
      // Each path's own piece (method '') and its operations'.
      const allPlaces = (JSON.parse(JSON.parse(piecesLiteral!)) as {operations: [string, string, string, number, number][]}).operations;
      const places = allPlaces.filter(([, , method]) => method === 'get');
      expect(places).toHaveLength(400);
      for (const [, path, , bucket, index] of places) {
        const operationId = `getWidget${path.split('/').pop()}`;
        expect((JSON.parse(buckets[bucket]!()[index]!) as {operationId: string}).operationId, path).toBe(operationId);
        expect((JSON.parse(serverBuckets[bucket]!()[index]!) as {operationId: string}).operationId, path).toBe(operationId);
      }
    } finally {
      globalThis.fetch = realFetch;
    }

    // The download the plugin writes after the build: YAML, with a comment line first.
    await fs.mkdir(outDir);
    await plugin.postBuild({outDir, content});
    const download = await fs.readFile(path.join(outDir, 'redocusaurus/widgets.yaml'), 'utf8');
    expect(download.startsWith(DOWNLOAD_HEADER)).toBe(true);
    expect(DOWNLOAD_HEADER).toMatch(/^# [^\n]*\n$/);
    expect(compilesAsScript(download)).toBe(false);
    await plugin.postBuild({outDir, content});
    expect(await fs.readFile(path.join(outDir, 'redocusaurus/widgets.yaml'), 'utf8'), 'written once').toBe(download);
  } finally {
    await fs.rm(siteDir, {recursive: true, force: true});
  }
});
