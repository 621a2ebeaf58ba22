// @ts-check
/**
 * The contract between the server's HTML of a reference and the code that reads it: every
 * attribute, class, custom property and number that the server writes (../server) and the browser
 * (../browser), the held sections' CSS (./heldCss.ts) or the build's page rewrites (../../lib)
 * read. Nothing else in the kit spells these names. Plain JavaScript, so that the build's Node code
 * reads it as the browser's bundle does.
 */

/** Attributes. */
const ATTR = Object.freeze({
  /** The element that holds one reference's HTML. */
  reference: 'data-kit-reference',
  /** On the light style sheet: the styled-components class names its rules cover, as `id:name,name id:name`. */
  classNames: 'data-class-names',
  /** On the style sheet of the sections' shared estimates: the key its rules' names carry. */
  heights: 'data-kit-heights',
  /** The element around the API's info block. */
  info: 'data-kit-info',
  /** Redoc's own: a section's id; inside a tag's section, an operation's own id too. */
  section: 'data-section-id',
  /** Redoc's own: a menu item's id. */
  menuItem: 'data-item-id',
  /** A section in its short form, past the page's budget of HTML. */
  stub: 'data-kit-stub',
  /** A section of text alone, whose estimate is fitted apart. */
  text: 'data-kit-text',
  /** A section's group of shared estimates: `<key>-<group>`. */
  heightGroup: 'data-kit-height',
  /**
   * On the content column: it holds room below its sections for the sections ahead. On each
   * noscript element holding sections ahead; the first one's value is the room's steps.
   */
  ahead: 'data-kit-ahead',
  /** A noscript element holding the items of a closed menu list. */
  list: 'data-kit-list',
  /** A section put into the page empty: Redoc's classes, until it gets its content. */
  pending: 'data-kit-pending',
  /** A section that came to life while others still go in: Redoc's classes, until they are all in. */
  classes: 'data-kit-classes',
  /** A menu item whose list shows. */
  expanded: 'data-kit-expanded',
  /** The phone's menu, open. */
  open: 'data-kit-open',
});

/** Class names: Redoc's columns as the kit's composition names them, and the kit's own. */
const CLASS = Object.freeze({
  /** The element around a reference (and its site's class names). */
  reference: 'redocusaurus',
  /** The element of a reference's style sheets, just before the reference. */
  styles: 'redocusaurus-styles',
  /** Redoc's menu column. */
  menu: 'menu-content',
  /** Redoc's content column. */
  content: 'api-content',
  /** Every section of the content column. */
  section: 'kit-section',
  /** A short section's content, its title, description and endpoint. */
  stub: 'kit-stub',
  stubTitle: 'kit-stub-title',
  stubDescription: 'kit-stub-description',
  stubEndpoint: 'kit-stub-endpoint',
});

/** Custom properties. */
const PROP = Object.freeze({
  /** A section's estimate: its middle and right panels' fixed parts and wrapping parts (at a text width of 1,000 px), its padding in one column. */
  middleFixed: '--kit-mf',
  middleWrapped: '--kit-mw',
  rightFixed: '--kit-rf',
  rightWrapped: '--kit-rw',
  oneColumnPadding: '--kit-p1',
  /** A section's estimated height, in pixels (a registered length). */
  height: '--kit-h',
  /** The factors `1000 / w` of the panels' text widths `w` at the viewport's width: one column, the middle and right panels side by side. */
  oneColumnFactor: '--kit-k1',
  middleFactor: '--kit-km',
  rightFactor: '--kit-kr',
  /** What the sections that came to life measured against their estimates: operations, text alone, and the one a section takes. */
  fit: '--kit-fit',
  fitText: '--kit-fit-text',
  sectionFit: '--kit-section-fit',
  /** Redoc's vertical padding of a section in two columns. */
  sectionPadding: '--kit-section-padding',
});

/**
 * The room the content column holds for the sections ahead: their count, then for operations and
 * for text alone, the sums of their numbers in one column (fixed, wrapping) and in two (fixed,
 * middle wrapping, right wrapping). Written in this order, in the content column's `style` and
 * in the steps of the first noscript element.
 */
const AHEAD_PROPS = Object.freeze([
  '--kit-ahead-n',
  '--kit-ahead-f1',
  '--kit-ahead-w1',
  '--kit-ahead-f2',
  '--kit-ahead-w2m',
  '--kit-ahead-w2r',
  '--kit-ahead-text-f1',
  '--kit-ahead-text-w1',
  '--kit-ahead-text-f2',
  '--kit-ahead-text-w2m',
  '--kit-ahead-text-w2r',
]);

/** Sections ahead that go into the page at a time, one step of the room. */
const SECTIONS_PER_STEP = 32;

/** Selectors built from the names above. */
const SELECTOR = Object.freeze({
  /** A reference's sections, from its element. */
  sections: `.${CLASS.content} > [${ATTR.section}]`,
  /** The noscript elements holding a reference's sections ahead, from its element. */
  aheadParts: `.${CLASS.content} > noscript[${ATTR.ahead}]`,
  /** A reference's menu items, from its element. */
  menuItems: `.${CLASS.menu} li[${ATTR.menuItem}]`,
});

module.exports = {ATTR, CLASS, PROP, AHEAD_PROPS, SECTIONS_PER_STEP, SELECTOR};
