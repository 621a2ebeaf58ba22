/**
 * reference-kit/lib/specDataPlugin.js, run as Docusaurus runs it (load, content loaded, webpack
 * configuration) on two large specs in one site: the text files of each spec's pieces are taken by
 * its own instance's webpack rule and by no other's. Node only: no browser page is opened.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';

interface Rule {
  test: RegExp;
  type: string;
}
interface Plugin {
  loadContent(): Promise<unknown>;
  contentLoaded(args: {content: unknown; actions: Record<string, unknown>}): Promise<void>;
  configureWebpack(config: unknown, isServer: boolean): {module?: {rules: Rule[]}};
}
// eslint-disable-next-line @typescript-eslint/no-var-requires
const specDataPlugin = require('../../reference-kit/lib/specDataPlugin.js') as (context: unknown, options: unknown) => Plugin;

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
    const context = {siteDir, baseUrl: '/', siteConfig: {baseUrl: '/'}, outDir: path.join(siteDir, 'build')};
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
