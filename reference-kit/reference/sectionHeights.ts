/**
 * How tall each section of a reference will be, estimated by the server from its HTML, so that a
 * section the browser has not laid out yet (content-visibility) holds about the room it will take.
 *
 * Redoc lays an operation out in two panels: the middle one (description, parameters, responses)
 * and the right one (samples), side by side on wide screens and one above the other on narrow ones.
 * Each panel's height is estimated as `A + B / w`: a part that does not depend on the panel's width
 * (a line per heading, paragraph, table row, code line…), and the area of its text, divided by the
 * panel's text width `w`, for the lines that text wraps onto. The server writes each section's four
 * numbers as CSS custom properties (`sectionHeightStyle`); the kit's CSS (./Reference.module.css,
 * and the rules `sectionHeightCss` writes for the theme's breakpoints) computes the height for the
 * viewport's width.
 *
 * The weights were fitted to the measured sections of the pet store and of 572 operations of
 * GitHub's API (tests/fixtures/openapi-corpus), at widths from 360 to 1,920 px, to err on the tall
 * side (`WEIGHTS`).
 */
import type {ResolvedThemeInterface} from 'redoc';

/** What a panel holds that takes room, as counted by `sectionFeatures`. */
export interface PanelFeatures {
  /** Headings. */
  headings: number;
  /** Paragraphs, list items, quotes: blocks of text. */
  blocks: number;
  /** Table rows (parameters, schema fields). */
  rows: number;
  /** Buttons (responses, the endpoint). */
  buttons: number;
  /** Lines of code and of JSON samples, as written. */
  codeLines: number;
  /** Tabs (samples). */
  tabs: number;
  /** Characters of text in proportional type. */
  prose: number;
  /** Characters of code. */
  code: number;
}

export interface SectionFeatures {
  middle: PanelFeatures;
  right: PanelFeatures;
  /** Panels of each kind (an operation has one of each; a tag's description, one middle panel per part). */
  middlePanels: number;
  rightPanels: number;
}

const emptyPanel = (): PanelFeatures => ({headings: 0, blocks: 0, rows: 0, buttons: 0, codeLines: 0, tabs: 0, prose: 0, code: 0});

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const BLOCKS = new Set(['p', 'li', 'dt', 'dd', 'blockquote']);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

const decodeText = (text: string) =>
  text
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/&(?:#x?[0-9a-f]+|[a-z]+);/gi, ' ');

/**
 * Counts what the panels of a section's HTML hold. `panelClasses` are the class names that mark
 * Redoc's middle and right panels (their styled-components ids).
 */
export function sectionFeatures(html: string, panelClasses: {middle: string; right: string}): SectionFeatures {
  const features: SectionFeatures = {middle: emptyPanel(), right: emptyPanel(), middlePanels: 0, rightPanels: 0};
  interface Open {
    tag: string;
    panel?: 'middle' | 'right';
    code: boolean;
    hidden: boolean;
    collapsed: boolean;
  }
  const stack: Open[] = [];
  const token = /<(\/?)([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|([^<]+)|<!--[\s\S]*?-->/g;
  for (let match = token.exec(html); match; match = token.exec(html)) {
    const top = stack[stack.length - 1];
    const panel = top?.panel;
    if (match[4] !== undefined || match[0].startsWith('<!--')) {
      if (match[4] === undefined || !panel || top?.hidden) continue;
      const text = decodeText(match[4]);
      if (top.code) {
        features[panel].code += text.length;
        features[panel].codeLines += (text.match(/\n/g) ?? []).length;
      } else {
        features[panel].prose += text.replace(/\s+/g, ' ').trim().length;
      }
      continue;
    }
    const [, closing, name, attributes = ''] = match;
    const tag = name!.toLowerCase();
    if (closing) {
      // Close up to the matching element (the HTML is well formed: React wrote it).
      for (let i = stack.length - 1; i >= 0; i--) {
        if (stack[i]!.tag === tag) {
          stack.length = i;
          break;
        }
      }
      continue;
    }
    const classes = ` ${/\sclass="([^"]*)"/.exec(attributes)?.[1] ?? ''} `;
    let ownPanel = panel;
    if (!panel && classes.includes(` ${panelClasses.middle} `)) {
      ownPanel = 'middle';
      features.middlePanels += 1;
    } else if (!panel && classes.includes(` ${panelClasses.right} `)) {
      ownPanel = 'right';
      features.rightPanels += 1;
    }
    // A collapsed JSON value hides its list (Redoc's JSON viewer).
    const hidden = Boolean(top?.hidden) || (tag === 'ul' && Boolean(top?.collapsed) && classes.includes(' collapsible '));
    const code = Boolean(top?.code) || tag === 'pre' || tag === 'code' || classes.includes(' redoc-json ');
    if (ownPanel && !hidden) {
      const counts = features[ownPanel];
      if (HEADINGS.has(tag)) counts.headings += 1;
      else if (tag === 'tr') counts.rows += 1;
      else if (tag === 'button') counts.buttons += 1;
      else if (tag === 'pre') counts.codeLines += 1;
      else if (tag === 'li' && classes.includes('react-tabs__tab')) counts.tabs += 1;
      else if (tag === 'li' && code) counts.codeLines += 1;
      else if (BLOCKS.has(tag)) counts.blocks += 1;
    }
    const selfClosing = VOID_ELEMENTS.has(tag) || /\/\s*$/.test(attributes);
    if (!selfClosing) stack.push({tag, panel: ownPanel, code, hidden, collapsed: classes.includes(' collapsed ')});
  }
  return features;
}

/**
 * Pixels per count in the part of a panel's height that does not depend on its width, and px² per
 * character of text (about a glyph's width times the line height) in the part that wraps. Fitted to
 * the 98th percentile (quantile regression, each spec weighing the same), not the mean: a section
 * whose estimate falls short reaches into the next one's box while the browser skips it, and tools
 * that read the page's geometry (axe) then see its text over the next section's background. With
 * them no section of the pet store, and 2 of 592 of GitHub's, came out short at 360 to 1,000 px
 * (11 at 1,280 px, by a few lines), and the pages' heights came out 8 to 20 % above the measured
 * ones.
 */
const WEIGHTS = {
  middle: {panel: 18.3, headings: 69.3, blocks: 41.1, rows: 44.8, buttons: 21, codeLines: 0, tabs: 0, prose: 249.3, code: 447.3},
  right: {panel: 76.6, headings: 210.1, blocks: 0, rows: 0, buttons: 20.5, codeLines: 13.8, tabs: 0, prose: 0, code: 227.5},
};

/**
 * A panel kind's estimate over a section: `fixed` pixels, plus `wrapped` pixels at a text width of
 * 1,000 px (so `wrapped × 1000 / w` at a text width `w`).
 */
function panelEstimate(features: PanelFeatures, panels: number, kind: 'middle' | 'right'): {fixed: number; wrapped: number} {
  if (panels === 0) return {fixed: 0, wrapped: 0};
  const weights = WEIGHTS[kind];
  return {
    fixed:
      weights.panel * panels +
      weights.headings * features.headings +
      weights.blocks * features.blocks +
      weights.rows * features.rows +
      weights.buttons * features.buttons +
      weights.codeLines * features.codeLines +
      weights.tabs * features.tabs,
    wrapped: (weights.prose * features.prose + weights.code * features.code) / 1000,
  };
}

/** The custom properties `Reference.module.css` computes a section's height from (./Reference.module.css). */
export function sectionHeightStyle(features: SectionFeatures, spacing: {vertical: number}): string {
  const middle = panelEstimate(features.middle, features.middlePanels, 'middle');
  const right = panelEstimate(features.right, features.rightPanels, 'right');
  // In one column each panel has its own vertical padding (a section's middle panels share one).
  const oneColumnPadding = 2 * spacing.vertical * ((features.middlePanels > 0 ? 1 : 0) + features.rightPanels);
  const round = (value: number) => Math.round(value);
  // Text alone (headings and paragraphs: a part of the API's description, a tag) is fitted apart
  // (./heightFit.ts).
  const text = features.rightPanels === 0 && features.middle.rows === 0;
  return (
    `--kit-mf:${round(middle.fixed)};--kit-mw:${round(middle.wrapped)};` +
    `--kit-rf:${round(right.fixed)};--kit-rw:${round(right.wrapped)};--kit-p1:${round(oneColumnPadding)}` +
    (text ? ';--kit-section-fit:var(--kit-fit-text,1)' : '')
  );
}

/** A CSS length of the theme in pixels (`px`, `rem` and `em` at 16 px); `fallback` for anything else. */
function pixels(value: string | number | undefined, fallback: number): number {
  if (typeof value === 'number') return value;
  const match = /^\s*([\d.]+)(px|rem|em)?\s*$/.exec(value ?? '');
  if (!match) return fallback;
  return Number(match[1]) * (match[2] === 'rem' || match[2] === 'em' ? 16 : 1);
}

/** Steps of viewport width for which the text widths are worked out, in pixels. */
const WIDTH_STEP = 40;
const WIDTH_RANGE = [280, 2600] as const;

/**
 * The rules that give `.redocusaurus` the factors `1000 / w` for the text widths `w` of the panels
 * at each step of viewport width: `--kit-k1` for one column, `--kit-km` and `--kit-kr` for the
 * middle and right panels side by side, after the theme's breakpoints (the menu from `small` up,
 * two columns from `medium` up) and its menu and right panel widths.
 */
export function sectionHeightCss(theme: ResolvedThemeInterface): string {
  const small = pixels(theme.breakpoints.small, 800);
  const medium = pixels(theme.breakpoints.medium, 1200);
  const sidebar = pixels(theme.sidebar.width, 260);
  const horizontal = 2 * pixels(theme.spacing.sectionHorizontal, 40);
  const rightShare = /%\s*$/.test(String(theme.rightPanel.width)) ? parseFloat(String(theme.rightPanel.width)) / 100 : 0.4;
  const factor = (width: number) => (1000 / Math.max(width, 120)).toFixed(3);
  let css = '';
  for (let from = WIDTH_RANGE[0]; from < WIDTH_RANGE[1]; from += WIDTH_STEP) {
    // Redoc's breakpoints are `max-width` queries: the menu shows above `small`, two columns above `medium`.
    const middle = from + WIDTH_STEP / 2;
    const content = middle - (middle > small ? sidebar : 0);
    const query = from === WIDTH_RANGE[0] ? `(max-width:${from + WIDTH_STEP}px)` : `(min-width:${from + 0.02}px)`;
    css +=
      `@media ${query}{.redocusaurus{--kit-k1:${factor(content - horizontal)};` +
      `--kit-km:${factor(content * (1 - rightShare) - horizontal)};--kit-kr:${factor(content * rightShare - horizontal)}}}`;
  }
  // Two columns: the taller of the panels (the section's own padding is outside the size the browser
  // takes from `contain-intrinsic-size`).
  css +=
    `@media (min-width:${medium + 0.02}px){.redocusaurus{--kit-section-padding:${2 * pixels(theme.spacing.sectionVertical, 40)}px}` +
    `.redocusaurus .api-content>[data-section-id]{--kit-h:max(` +
    `var(--kit-mf,800)*1px + var(--kit-mw,0)*var(--kit-km,2)*1px, var(--kit-rf,0)*1px + var(--kit-rw,0)*var(--kit-kr,3)*1px)}}`;
  return css;
}
