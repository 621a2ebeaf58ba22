/**
 * Redoc colours for each colour mode, laid over what the preset derives from `primaryColor`, under
 * the site's own Redoc theme values.
 *
 * The preset applies one `theme` object to both modes, and Redoc's default colours were chosen
 * for a white page: on Infima's dark background its reds, greens and inline code fall to 3:1,
 * and on white its orange badge and cyan links do. Each fixed colour below reads at least 4.5:1
 * on the background it is shown on; the primary colour is the site's own, darkened (light mode)
 * or lightened (dark mode) just enough to read as text on the page and in Redoc's tinted chips.
 *
 * Redoc derives shades from these (`light`, `dark`, tinted response backgrounds) with polished,
 * so every value must be a literal colour, not a CSS variable.
 */
import type {RedocRawOptions} from 'redoc';

type RedocTheme = NonNullable<RedocRawOptions['theme']>;
type Rgb = [number, number, number];

/** Infima's page backgrounds, which the reference sits on. */
const PAGE = {light: '#ffffff', dark: '#1b1b1d'};
/** WCAG AA for text. */
const MIN_CONTRAST = 4.5;

function parseHex(color: string): Rgb | undefined {
  const hex = /^#([\da-f]{3}|[\da-f]{6})$/i.exec(color.trim())?.[1];
  if (!hex) return undefined;
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  return [0, 2, 4].map((start) => parseInt(full.slice(start, start + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb): string => `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;

/** `amount` of `over` laid on `under` (0 keeps `under`, 1 gives `over`). */
const mix = (over: Rgb, under: Rgb, amount: number): Rgb =>
  over.map((channel, index) => channel * amount + under[index]! * (1 - amount)) as Rgb;

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((channel) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * `color`, moved toward black on a light background or toward white on a dark one until it reads as
 * text on `background` at 4.5:1 (and, with `chips`, in Redoc's constraint chips: the colour at 90 %
 * on a 5 % tint of itself). A colour that already reads is returned as it is; one that is not a hex
 * colour too.
 */
export function readableOn(color: string, background: string, {chips = false}: {chips?: boolean} = {}): string {
  const start = parseHex(color);
  const under = parseHex(background);
  if (!start || !under) return color;
  const target: Rgb = luminance(under) > 0.5 ? [0, 0, 0] : [255, 255, 255];
  const reads = (rgb: Rgb) =>
    contrast(rgb, under) >= MIN_CONTRAST && (!chips || contrast(mix(rgb, under, 0.9), mix(rgb, under, 0.05)) >= MIN_CONTRAST);
  for (let step = 0; step <= 50; step++) {
    const candidate = mix(target, start, step / 50);
    if (reads(candidate)) return step === 0 ? color : toHex(candidate);
  }
  return toHex(target);
}

const lightPalette: RedocTheme = {
  colors: {
    warning: {main: '#a35c00', contrastText: PAGE.light},
    responses: {
      // The tabs of the response samples sit on the dark right panel in both modes.
      success: {tabTextColor: '#5dc26a'},
      error: {tabTextColor: '#ff7a73'},
      redirect: {tabTextColor: '#f5a623'},
      info: {color: '#0a6f91', tabTextColor: '#87ceeb'},
    },
  },
  typography: {code: {color: '#b3261e'}},
};

const darkPalette: RedocTheme = {
  colors: {
    success: {main: '#5dc26a'},
    error: {main: '#ff7a73'},
    warning: {main: '#f5a623', contrastText: PAGE.dark},
    // Table header rows and rules; the preset's white made header text unreadable.
    border: {dark: '#444950', light: '#2f3237'},
    responses: {info: {color: '#87ceeb'}},
  },
  typography: {code: {color: '#ff8a80'}},
};

type Tree = {[key: string]: unknown};
const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value);

function mergeTrees(base: Tree, over: Tree): Tree {
  const merged: Tree = {...base};
  for (const [key, value] of Object.entries(over)) {
    const current = merged[key];
    merged[key] = isTree(current) && isTree(value) ? mergeTrees(current, value) : value;
  }
  return merged;
}

/**
 * The reader's own text colours that the kit lifts to 4.5:1 where they fall short, by where Redoc
 * shows them: on the page, or (the response samples' tabs) on the dark right panel.
 */
const READER_TEXT_COLOURS: {path: string[]; on: 'page' | 'rightPanel'}[] = [
  ...['success', 'error', 'warning'].map((name) => ({path: ['colors', name, 'main'], on: 'page' as const})),
  {path: ['colors', 'text', 'primary'], on: 'page'},
  {path: ['colors', 'text', 'secondary'], on: 'page'},
  {path: ['typography', 'code', 'color'], on: 'page'},
  {path: ['typography', 'links', 'color'], on: 'page'},
  ...['success', 'error', 'redirect', 'info'].map((name) => ({path: ['colors', 'responses', name, 'tabTextColor'], on: 'rightPanel' as const})),
];

const valueAt = (tree: Tree | undefined, path: string[]): unknown =>
  path.reduce<unknown>((node, key) => (isTree(node) ? node[key] : undefined), tree);

function withValueAt(tree: Tree, path: string[], value: unknown): Tree {
  const [key, ...rest] = path as [string, ...string[]];
  const child = tree[key];
  return {...tree, [key]: rest.length ? withValueAt(isTree(child) ? child : {}, rest, value) : value};
}

/** The reader's theme, each text colour in READER_TEXT_COLOURS made readable on its background in `theme`. */
function readableReaderTheme(readerTheme: Tree, theme: Tree, mode: 'light' | 'dark'): Tree {
  const panel = valueAt(theme, ['rightPanel', 'backgroundColor']);
  const backgrounds = {page: PAGE[mode], rightPanel: typeof panel === 'string' ? panel : PAGE.dark};
  return READER_TEXT_COLOURS.reduce((lifted, {path, on}) => {
    const colour = valueAt(readerTheme, path);
    return typeof colour === 'string' ? withValueAt(lifted, path, readableOn(colour, backgrounds[on])) : lifted;
  }, readerTheme);
}

/**
 * `options` with the palette of `mode` laid over their theme (what the preset derives for the mode),
 * then the reader's own theme values over the palette (`readerTheme`: the Redoc theme of the site's
 * Redoc options), its text colours lifted to 4.5:1 where they fall short (READER_TEXT_COLOURS), the
 * primary colour made readable on that mode's page and in Redoc's chips, and `overrides` over all of
 * that; no input changes.
 */
export function withPalette(
  options: RedocRawOptions,
  mode: 'light' | 'dark',
  overrides?: RedocRawOptions,
  readerTheme?: RedocRawOptions['theme'],
): RedocRawOptions {
  const palette = mode === 'dark' ? darkPalette : lightPalette;
  const theme = mergeTrees((options.theme ?? {}) as Tree, palette as Tree);
  const own = readerTheme ? mergeTrees(theme, readableReaderTheme(readerTheme as Tree, theme, mode)) : theme;
  const primary = valueAt(own, ['colors', 'primary', 'main']);
  const painted = {
    ...options,
    theme: typeof primary === 'string' ? withValueAt(own, ['colors', 'primary', 'main'], readableOn(primary, PAGE[mode], {chips: true})) : own,
  };
  return (overrides ? mergeTrees(painted as Tree, overrides as Tree) : painted) as RedocRawOptions;
}

/** Redoc options the kit sets unless the site sets them: see the kit's README. */
export const KIT_REDOC_OPTIONS: RedocRawOptions = {
  // Redoc's search box indexes every operation of the spec on every load; with it off, a page
  // that loads with the server's HTML brings the reference to life piece by piece (./LiveReference).
  disableSearch: true,
  // The side menu scrolls with the browser's own scroll bar; perfect-scrollbar, Redoc's default,
  // builds its rails and reads the page's layout as the menu mounts and whenever it changes.
  nativeScrollbars: true,
  // Code in descriptions and samples wraps instead of being a sideways scroll box, which a
  // keyboard cannot reach; on a phone wrapped lines read better.
  theme: {typography: {code: {wrap: true}}},
};

/** `options` over the kit's defaults. */
export function withKitDefaults(options: RedocRawOptions): RedocRawOptions {
  return mergeTrees(KIT_REDOC_OPTIONS as Tree, options as Tree) as RedocRawOptions;
}

/**
 * Whether a spec's Markdown is sanitized (Redoc's `untrustedSpec`): by default, unless the options
 * say `false` under either name (`sanitize` is what Redocly's config schema and Redoc 2.4 and later
 * call Redoc 2.1.4's `untrustedSpec`). A `true` wins over a `false`, so a URL spec's forced
 * `untrustedSpec` (../../theme/Redoc) holds whatever the site says.
 */
export function sanitizesMarkdown(options: RedocRawOptions): boolean {
  // Read as Redoc reads its boolean options: a string is true unless it is 'false'.
  const said = [options.untrustedSpec, (options as {sanitize?: unknown}).sanitize]
    .filter((value) => value !== undefined && value !== null)
    .map((value) => (typeof value === 'string' ? value !== 'false' : Boolean(value)));
  return said.includes(true) || !said.includes(false);
}
