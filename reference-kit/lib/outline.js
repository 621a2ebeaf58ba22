// @ts-check
/**
 * The outline of a reference: its menu tree, each item with the part of the spec that builds it.
 *
 * The build makes one from the store of the whole spec (./specDataPlugin.js) and ships it with the
 * spec's data. A page that loads with the server's HTML drives Redoc's menu from it without
 * building that store (../reference/browser/liveMenu.ts), and builds the model of a section only when the
 * section comes to life, from the part of the spec its group names (../reference/browser/specParts.ts).
 *
 * Plain JavaScript: Node runs it in the build, webpack bundles it for the browser.
 */
const {safeSlugify} = require('redoc');

/**
 * One item of Redoc's menu and content.
 * @typedef {object} OutlineItem
 * @property {string} id Redoc's id: the section's `data-section-id` and the menu item's `data-item-id`.
 * @property {import('redoc').MenuItemType} type
 * @property {number} depth
 * @property {string} [part] Which part of the spec holds the item: `info` for the headings of the
 *   API's description, `tag:<name>` for a tag, its operations and schemas (`tag:` for operations
 *   without a tag). Groups of tags (`x-tagGroups`) have no section, and no part.
 * @property {[string, string, string]} [op] For an operation: where it is in the spec, as
 *   `[container, path, method]` (`paths`, `webhooks` or `x-webhooks`), so that its section is built
 *   from that operation alone (../reference/browser/specParts.ts).
 * @property {OutlineItem[]} [items]
 */

/**
 * The raw name of each tag of the store's spec, by the id Redoc gives its item.
 * @param {import('redoc').AppStore} store
 */
function tagNamesById(store) {
  const spec = store.spec.parser.spec;
  /** @type {Map<string, string>} */
  const names = new Map();
  const add = (/** @type {string} */ name) => names.set(`tag/${safeSlugify(name)}`, name);
  for (const tag of spec.tags ?? []) add(tag.name);
  for (const paths of [spec.paths, spec['x-webhooks'], spec.webhooks]) {
    for (const pathItem of Object.values(paths ?? {})) {
      for (const operation of Object.values(pathItem ?? {})) {
        const tags = /** @type {{tags?: unknown}} */ (operation ?? {}).tags;
        if (Array.isArray(tags)) tags.forEach((name) => typeof name === 'string' && add(name));
      }
    }
  }
  return names;
}

/**
 * The outline of a store's menu.
 * @param {import('redoc').AppStore} store
 * @returns {OutlineItem[]}
 */
function outlineOf(store) {
  const tagNames = tagNamesById(store);
  const spec = store.spec.parser.spec;
  // Redoc files the operations of `x-webhooks`, or else of `webhooks`, as webhooks.
  const webhooks = spec['x-webhooks'] ? 'x-webhooks' : 'webhooks';
  /** @param {import('redoc').OperationModel} operation @returns {[string, string, string]} */
  const where = (operation) => [operation.isWebhook ? webhooks : 'paths', operation.path, operation.httpVerb];
  /**
   * @param {import('redoc').IMenuItem[]} items
   * @param {string | undefined} part
   * @returns {OutlineItem[]}
   */
  const walk = (items, part) =>
    items.map((item) => {
      let itemPart = part;
      if (item.type === 'tag') itemPart = `tag:${tagNames.get(item.id) ?? item.name}`;
      else if (itemPart === undefined && item.type === 'section') itemPart = 'info';
      else if (itemPart === undefined && item.type === 'operation') itemPart = 'tag:';
      return {
        id: item.id,
        type: item.type,
        depth: item.depth,
        ...(itemPart !== undefined && item.type !== 'group' && {part: itemPart}),
        ...(item.type === 'operation' && {op: where(/** @type {import('redoc').OperationModel} */ (/** @type {unknown} */ (item)))}),
        ...(item.items.length > 0 && {items: walk(item.items, itemPart)}),
      };
    });
  return walk(store.menu.items, undefined);
}

module.exports = {outlineOf};
