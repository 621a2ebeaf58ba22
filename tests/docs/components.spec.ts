/**
 * What the docs say about the theme's components and hooks (multiple APIs, plugin options),
 * run through the published components in Node: the props of Redoc and ApiDoc, the shape of
 * useSpecData, an unknown spec id, and a renamed theme. No browser page is opened.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import React from 'react';
import {expect, test} from '@playwright/test';
import type {SpecProps} from 'docusaurus-theme-redoc/dist/types/common';
import {globalData, layoutProps, loadPresets, render, themeComponents} from './themeComponents';

let dir: string;
let specFile: string;

test.beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'redoc-components-'));
  specFile = path.join(dir, 'pets.yaml');
  await fs.writeFile(
    specFile,
    [
      'openapi: 3.0.3',
      'info: {title: Pets API, version: 1.0.0, description: Every pet we sell.}',
      'paths:',
      '  /pets:',
      '    get:',
      '      summary: List pets',
      '      responses: {"200": {description: OK, content: {application/json: {schema: {$ref: "#/components/schemas/Pet"}}}}}',
      'components:',
      '  schemas:',
      '    Pet: {type: object, properties: {name: {type: string}}}',
    ].join('\n'),
  );
});

test.afterAll(async () => {
  await fs.rm(dir, {recursive: true, force: true});
});

/** The spec data of one spec entry, as useSpecData returns it during the build. */
function specData(id: string): SpecProps {
  const data = globalData['docusaurus-plugin-redoc']?.[id] as SpecProps | undefined;
  if (!data) throw new Error(`no spec ${id}`);
  return data;
}

test('useSpecData returns the spec with its download url, whether it is a file, and its theme id', async () => {
  await loadPresets([{specs: [{id: 'pets', spec: specFile}, {id: 'more-pets', spec: specFile}]}]);
  const {useSpecData} = themeComponents();
  const seen: (SpecProps | undefined)[] = [];
  function Probe({id}: {id?: string}): JSX.Element {
    seen.push(useSpecData(id));
    return React.createElement('span');
  }
  render(React.createElement(Probe, {id: 'more-pets'}));
  render(React.createElement(Probe));
  const [byId, first] = seen;
  expect(Object.keys(byId!).sort()).toEqual(['isSpecFile', 'spec', 'themeId', 'url']);
  expect(byId).toMatchObject({url: 'redocusaurus/more-pets.yaml', isSpecFile: true, themeId: 'theme-redoc'});
  expect(byId!.spec.info.title).toBe('Pets API');
  // Without an id: the first spec loaded.
  expect(first!.url).toBe('redocusaurus/pets.yaml');
});

test('Redoc: top-level optionsOverrides stay with the component; theme values leak into later renders', async () => {
  await loadPresets([{specs: [{id: 'pets', spec: specFile}]}]);
  const {Redoc} = themeComponents();
  const plain = render(React.createElement(Redoc, {...specData('pets'), className: 'pets-reference'}));
  expect(plain).toContain('class="redocusaurus pets-reference"');
  expect(plain).toContain('>Download</a>');
  expect(plain).toContain('https://docs.example.com/redocusaurus/pets.yaml');
  expect(plain).not.toContain('#8c1f5a');

  const overridden = render(
    React.createElement(Redoc, {
      ...specData('pets'),
      optionsOverrides: {hideDownloadButton: true, theme: {colors: {primary: {main: '#8c1f5a'}}}},
    }),
  );
  expect(overridden).not.toContain('>Download</a>');
  // Both pre-rendered style sheets, light and dark, carry the overridden colour.
  const sheets = overridden.match(/<style>[\s\S]*?<\/style>/g) ?? [];
  expect(sheets).toHaveLength(2);
  for (const sheet of sheets) expect(sheet).toContain('#8c1f5a');

  // The next reference without overrides: its own download button, but the other one's colour.
  const after = render(React.createElement(Redoc, specData('pets')));
  expect(after).toContain('>Download</a>');
  expect(after).toContain('#8c1f5a');
});

test('ApiDoc: the Layout title and description come from the spec unless layoutProps set them', async () => {
  await loadPresets([{specs: [{id: 'pets', spec: specFile}]}]);
  const {ApiDoc} = themeComponents();
  render(React.createElement(ApiDoc, {specProps: specData('pets')}));
  expect(layoutProps).toEqual({title: 'Pets API', description: 'Every pet we sell.'});
  render(React.createElement(ApiDoc, {specProps: specData('pets'), layoutProps: {title: 'Pets'}}));
  expect(layoutProps).toEqual({title: 'Pets', description: 'Every pet we sell.'});
});

test('an unknown spec id: ApiDocMdx renders an empty Redoc that stays loading, ApiSchema throws', async () => {
  await loadPresets([{specs: [{id: 'pets', spec: specFile}]}]);
  const {ApiDocMdx, ApiSchema} = themeComponents();
  const known = render(React.createElement(ApiDocMdx, {id: 'pets'}));
  expect(known).toContain('List pets');
  const unknown = render(React.createElement(ApiDocMdx, {id: 'pets.v2'}));
  expect(unknown).toContain('Loading ...');
  expect(unknown).not.toContain('List pets');
  expect(render(React.createElement(ApiSchema, {id: 'pets', pointer: '#/components/schemas/Pet'}))).toContain('name');
  expect(() => render(React.createElement(ApiSchema, {id: 'pets.v2', pointer: '#/components/schemas/Pet'}))).toThrow(TypeError);
});

test('theme.id renames the theme but not the specs’ themeId: they fall back to the first theme', async () => {
  const publicApis = {id: 'public', specs: [{id: 'pets', spec: specFile}], theme: {primaryColor: '#1f7a8c'}};
  const partnerSpecs = [{id: 'billing', spec: specFile}];
  const {Redoc} = themeComponents();

  await loadPresets([publicApis, {id: 'partners', specs: partnerSpecs, theme: {primaryColor: '#8c1f5a'}}]);
  expect(specData('billing').themeId).toBe('theme-redoc-partners');
  expect(render(React.createElement(Redoc, specData('billing')))).toContain('#8c1f5a');

  await loadPresets([publicApis, {id: 'partners', specs: partnerSpecs, theme: {id: 'partners-look', primaryColor: '#8c1f5a'}}]);
  expect(Object.keys(globalData['docusaurus-theme-redoc']!)).toEqual(['theme-redoc-public', 'partners-look']);
  expect(specData('billing').themeId).toBe('theme-redoc-partners');
  const fallback = render(React.createElement(Redoc, specData('billing')));
  expect(fallback).not.toContain('#8c1f5a');
  expect(fallback).toContain('#1f7a8c');
});
