/**
 * plugins/api-search/apiDocument: what the indexer reads of a page is what Redoc 2.1.4 writes, for
 * the shapes real specs have: operationIds with `/`, operations without an operationId, untagged
 * operations, tags with spaces or characters beyond ASCII. The page is rendered here, in Node, by
 * Redoc's own store and components, so the section ids are Redoc's and not a copy of its rules.
 */
import React from 'react';
import {renderToString} from 'react-dom/server';
import {expect, test} from '@playwright/test';
import {AppStore, Redoc} from 'redoc';
import {apiSearchDocument, apiSections, sectionKind} from '../../plugins/api-search/apiDocument';

type Spec = ConstructorParameters<typeof AppStore>[0];

const ok = {200: {description: 'OK'}};
const spec = {
  openapi: '3.0.3',
  info: {title: 'Shapes of real specs', version: '1'},
  tags: [{name: 'actions'}, {name: 'Cardano » Blocks'}, {name: 'Café Menu'}, {name: '宠物'}],
  paths: {
    '/repos/{owner}/{repo}/actions/artifacts': {
      get: {
        tags: ['actions'],
        operationId: 'actions/list-artifacts-for-repo',
        summary: 'List artifacts for a repository',
        responses: ok,
      },
    },
    '/blocks/{hash_or_number}': {get: {tags: ['Cardano » Blocks'], summary: 'Specific block', responses: ok}},
    '/menu': {post: {tags: ['Café Menu'], operationId: 'addDish', summary: 'Add a dish', responses: ok}},
    '/pets': {get: {tags: ['宠物'], summary: 'List pets', responses: ok}},
    '/health': {get: {summary: 'Health', responses: ok}},
    '/status': {get: {operationId: 'status/get', summary: 'Status', responses: ok}},
  },
} as unknown as Spec;

/** The page as the theme writes it: Redoc's markup inside the `.redocusaurus` wrapper. */
function renderPage(): {store: AppStore; html: string} {
  const store = new AppStore(spec, undefined, {disableSearch: true});
  const html = `<html><head><title>Shapes | Mini</title></head><body><div class="redocusaurus">${renderToString(
    React.createElement(Redoc, {store}),
  )}</div></body></html>`;
  return {store, html};
}

test('Redoc ids its sections as apiDocument expects', () => {
  const {store} = renderPage();
  const ids = store.menu.flatItems.map((item) => `${item.type} ${item.id}`);
  expect(ids).toEqual([
    'tag tag/actions',
    'operation tag/actions/operation/actions/list-artifacts-for-repo',
    // Slugified: spaces become `-`, `»` is dropped, `é` loses its accent.
    'tag tag/Cardano-Blocks',
    // No operationId: the tag's id and the operation's JSON pointer (`/` in the path as `~1`).
    'operation tag/Cardano-Blocks/paths/~1blocks~1{hash_or_number}/get',
    'tag tag/Cafe-Menu',
    'operation tag/Cafe-Menu/operation/addDish',
    // Nothing of it survives slugify, so the name is kept as it is.
    'tag tag/宠物',
    'operation tag/宠物/paths/~1pets/get',
    // Untagged: the pointer alone, or `operation/<operationId>`.
    'operation /paths/~1health/get',
    'operation operation/status/get',
  ]);
  for (const item of store.menu.flatItems) {
    expect(sectionKind(item.id), item.id).toBe(item.type);
  }
});

test('every operation of the rendered page is read once, with its method, path, summary and tag', () => {
  const {html} = renderPage();
  const operations = apiSections(html)
    .filter((section) => section.kind === 'operation')
    .map(({id, title, context}) => ({id, title, context}));
  expect(operations).toEqual([
    {
      id: 'tag/actions/operation/actions/list-artifacts-for-repo',
      title: 'GET /repos/{owner}/{repo}/actions/artifacts — List artifacts for a repository',
      context: 'actions',
    },
    {
      id: 'tag/Cardano-Blocks/paths/~1blocks~1{hash_or_number}/get',
      title: 'GET /blocks/{hash_or_number} — Specific block',
      // The tag as the page shows it, not its slug.
      context: 'Cardano » Blocks',
    },
    {id: 'tag/Cafe-Menu/operation/addDish', title: 'POST /menu — Add a dish', context: 'Café Menu'},
    {id: 'tag/宠物/paths/~1pets/get', title: 'GET /pets — List pets', context: '宠物'},
    {id: '/paths/~1health/get', title: 'GET /health — Health', context: ''},
    {id: 'operation/status/get', title: 'GET /status — Status', context: ''},
  ]);
  const tags = apiSections(html).filter((section) => section.kind === 'tag');
  expect(tags.map(({id, title}) => [id, title])).toEqual([
    ['tag/actions', 'actions'],
    ['tag/Cardano-Blocks', 'Cardano » Blocks'],
    ['tag/Cafe-Menu', 'Café Menu'],
    ['tag/宠物', '宠物'],
  ]);
});

test('the search document links each operation to its section id and searches its operationId', () => {
  const {html} = renderPage();
  const {document, sections} = apiSearchDocument(html, '/examples/shapes/');
  for (const section of sections.filter((candidate) => candidate.kind === 'operation')) {
    // Attribute-escaped the way apiDocument writes it; none of these ids needs escaping.
    expect(document).toContain(`<a class="hash-link" href="#${section.id}">`);
  }
  const artifacts = sections.find((section) => section.id.endsWith('list-artifacts-for-repo'));
  expect(artifacts?.content).toContain('actions/list-artifacts-for-repo');
});
