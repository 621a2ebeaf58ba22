// @ts-check
/**
 * A spec as pages (a spec's `pages: 'tag'` option): one page per tag, with the tag's operations, and
 * an overview with the API's description, its authentication and the list of pages.
 *
 * Each page is the kit's reference of a spec of its own: the whole spec's base (servers, security
 * schemes, components) with only the page's operations, so that everything the kit does for a
 * one-page reference (server HTML, sections brought to life near the viewport, the console) works on
 * it unchanged, at a cost that grows with the page, not with the spec. The pages share the spec's
 * pieces (./specPieces.js); each has its own list of where its operations are.
 *
 * Anchors stay Redoc's (`#tag/<tag>/operation/<id>`): the overview sends a link written for the
 * one-page reference to the page that holds its section (`redirects`), and a page sends a hash it
 * does not hold to the overview.
 *
 * Operations without a tag are grouped by the first segment of their path (`/users/{id}` on a page
 * `/users`), as readers of such APIs look for them. An operation with several tags is on each of
 * their pages, under that tag alone.
 */
/** The spec option's values. */
const PAGE_UNITS = ['one', 'tag'];

/**
 * The option checked: `'tag'` for pages, undefined for one page.
 * @param {unknown} option
 * @param {string} id The spec's id, for the error.
 * @returns {'tag' | undefined}
 */
function resolvePages(option, id) {
  if (option === undefined || option === 'one') return undefined;
  if (option === 'tag') return 'tag';
  throw new Error(
    `reference-kit: the spec "${id}" has \`pages: ${JSON.stringify(option)}\`; \`pages\` is ${PAGE_UNITS.map((unit) => `'${unit}'`).join(' or ')} ` +
      `('tag' renders one page per tag and an overview).`,
  );
}

/**
 * @typedef {object} PageGroup
 * @property {string} slug The page's path segment, unique among the spec's pages.
 * @property {string} title The tag's display name, or the path segment of untagged operations.
 * @property {any} [tag] The tag's object in the spec's `tags` (or `{name}` for a tag only operations name).
 * @property {string} [untagged] For untagged operations: the first path segment they share.
 * @property {number[]} operations Indexes into the pieces' operations: each path item's own fields, then its operations.
 * @property {number} operationCount
 */

/**
 * The spec's pages, with the pieces of the operations that appear under a tag other than their
 * first (appended to `operations`, the split spec's list of operation pieces, which this extends).
 * @param {any} spec The spec the pieces were split from.
 * @param {[string, string, string, string][]} operations The split spec's operation pieces (./specPieces.js).
 * @returns {{groups: PageGroup[]; traitTags: any[]}} The pages in the menu's order, and the tags
 *   without operations (descriptions only), which the overview shows.
 */
function pageGroups(spec, operations) {
  /** @type {Map<string, PageGroup>} */
  const byKey = new Map();
  /** @type {Map<string, any>} */
  const tagObjects = new Map();
  for (const tag of Array.isArray(spec.tags) ? spec.tags : []) if (typeof tag?.name === 'string') tagObjects.set(tag.name, tag);
  /** @type {Map<string, number>} The piece of each path item's own fields. */
  const pathItems = new Map();
  /** @param {string} key @param {() => Omit<PageGroup, 'slug' | 'operations' | 'operationCount'>} make */
  const group = (key, make) => {
    let found = byKey.get(key);
    if (!found) {
      found = {...make(), slug: '', operations: [], operationCount: 0};
      byKey.set(key, found);
    }
    return found;
  };
  /** @param {PageGroup} page @param {string} itemKey @param {number} index */
  const add = (page, itemKey, index) => {
    const item = pathItems.get(itemKey);
    // A path item's own fields go once, before the page's first operation of that path.
    if (item !== undefined && !page.operations.includes(item)) page.operations.push(item);
    page.operations.push(index);
    page.operationCount += 1;
  };
  const count = operations.length;
  for (let index = 0; index < count; index++) {
    const [container, path, method] = /** @type {[string, string, string, string]} */ (operations[index]);
    const itemKey = `${container} ${path}`;
    if (method === '') {
      pathItems.set(itemKey, index);
      continue;
    }
    const operation = spec[container]?.[path]?.[method];
    const tags = [...new Set((Array.isArray(operation?.tags) ? operation.tags : []).filter((/** @type {unknown} */ tag) => typeof tag === 'string'))];
    if (tags.length === 0) {
      const segment = container === 'paths' ? (path.split('/').find((part) => part !== '' && !part.startsWith('{')) ?? '') : container;
      add(group(`untagged ${segment}`, () => ({title: container === 'paths' ? `/${segment}` : 'Webhooks', untagged: segment})), itemKey, index);
      continue;
    }
    for (const name of tags) {
      let piece = index;
      // Under each tag alone, so that Redoc's menu on the tag's page lists no other tag.
      if (tags.length > 1) {
        piece = operations.length;
        operations.push([container, path, method, JSON.stringify({...operation, tags: [name]})]);
      }
      const tag = tagObjects.get(name) ?? {name};
      add(group(`tag ${name}`, () => ({title: typeof tag['x-displayName'] === 'string' ? tag['x-displayName'] : name, tag})), itemKey, piece);
    }
  }
  const groups = inMenuOrder(spec, byKey);
  /** @type {Set<string>} */
  const slugs = new Set();
  for (const [index, page] of groups.entries()) {
    const wanted = pathSegment(page.tag ? page.tag.name : page.untagged || 'root') || `page-${index + 1}`;
    let slug = wanted;
    for (let n = 2; slugs.has(slug); n++) slug = `${wanted}-${n}`;
    slugs.add(slug);
    page.slug = slug;
  }
  const traitTags = [...tagObjects.values()].filter((tag) => !byKey.has(`tag ${tag.name}`));
  return {groups, traitTags};
}

/**
 * A name as a path segment: lower case, ASCII letters and digits, words joined by `-`; empty when
 * nothing of it is left (a name in another script), and the page is then numbered.
 * @param {string} name
 */
function pathSegment(name) {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The pages in the order of Redoc's menu: the tags of `x-tagGroups`, then of `tags`, then those only
 * operations name, then the untagged operations' pages.
 * @param {any} spec
 * @param {Map<string, PageGroup>} byKey
 */
function inMenuOrder(spec, byKey) {
  /** @type {string[]} */
  const names = [];
  for (const tagGroup of Array.isArray(spec['x-tagGroups']) ? spec['x-tagGroups'] : []) {
    for (const name of Array.isArray(tagGroup?.tags) ? tagGroup.tags : []) names.push(name);
  }
  for (const tag of Array.isArray(spec.tags) ? spec.tags : []) names.push(tag?.name);
  const ordered = new Set(names.map((name) => byKey.get(`tag ${name}`)).filter((page) => page !== undefined));
  for (const [key, page] of byKey) if (key.startsWith('tag ')) ordered.add(page);
  for (const page of byKey.values()) ordered.add(page);
  return [...ordered];
}

/**
 * A tag page's base: the spec's base with the tag alone, and of the API's information only its
 * name, version and logo (the overview shows the rest).
 * @param {any} base The parsed base of the split spec.
 * @param {PageGroup} page
 */
function pageBase(base, page) {
  const {'x-tagGroups': _groups, externalDocs: _docs, ...rest} = base;
  const {title, version, 'x-logo': logo} = base.info ?? {};
  return {...rest, info: {title, version, ...(logo !== undefined && {'x-logo': logo})}, tags: page.tag ? [page.tag] : []};
}

/**
 * The overview's base: the API's description with the list of pages after it, and the tags without
 * operations; no operations.
 * @param {any} base
 * @param {{title: string; permalink: string; operationCount: number}[]} pages
 * @param {any[]} traitTags
 */
function overviewBase(base, pages, traitTags) {
  const {'x-tagGroups': _groups, ...rest} = base;
  const description = typeof base.info?.description === 'string' ? base.info.description : '';
  const list = pages.map((page) => `- [${markdownText(page.title)}](${encodeURI(page.permalink)}): ${page.operationCount} ${page.operationCount === 1 ? 'operation' : 'operations'}`);
  // Redoc shows the security schemes where the description asks for them; the overview always does.
  const hasSchemes = base.components?.securitySchemes && Object.keys(base.components.securitySchemes).length > 0;
  const asksForSchemes = /<SecurityDefinitions\s*\/>|<!--\s*ReDoc-Inject:\s*<security-definitions>\s*-->/.test(description);
  const parts = [description.trimEnd(), hasSchemes && !asksForSchemes && '# Authentication\n\n<SecurityDefinitions />', `# ${PAGES_HEADING}\n\n${list.join('\n')}`];
  return {...rest, info: {...base.info, description: `${parts.filter(Boolean).join('\n\n')}\n`}, tags: traitTags};
}

/** The overview's heading over the list of pages, an item of Redoc's menu. */
const PAGES_HEADING = 'Pages';

/** A spec's name as Markdown text: every character Markdown could read as syntax escaped. */
function markdownText(/** @type {string} */ text) {
  return text
    .replace(/\s+/g, ' ')
    .replace(/[\\`*_{}[\]()#+\-.!<>|~:]/g, '\\$&')
    .replace(/&/g, '&amp;');
}

/**
 * A description's first paragraph as plain text, for a page's meta description (and the search
 * index that reads it): links as their text, no markup, at most 300 characters.
 * @param {unknown} markdown
 */
function summaryText(markdown) {
  if (typeof markdown !== 'string') return '';
  const paragraph = markdown.trim().split(/\n\s*\n/)[0] ?? '';
  const text = paragraph
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, '')
    .replace(/^\s{0,3}(#{1,6}|>)\s*/gm, '')
    .replace(/[*`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 300 ? `${text.slice(0, 299).trimEnd()}…` : text;
}

module.exports = {resolvePages, pageGroups, pageBase, overviewBase, markdownText, summaryText};
