/**
 * Redoc colours for each colour mode, merged over what the preset derives from `primaryColor`.
 *
 * The preset applies one `theme` object to both modes, and Redoc's default colours were chosen
 * for a white page: on Infima's dark background its reds, greens and inline code fall to 3:1,
 * and on white its orange badge and cyan links do. Each palette below is checked against the
 * background it is shown on (tests/site/routes.spec.ts scans every API page in both modes):
 * text at least 4.5:1, the right panel's tabs on the panel's own dark grey.
 *
 * Redoc derives shades from these (`light`, `dark`, tinted response backgrounds) with polished,
 * so every value must be a literal colour, not a CSS variable.
 */
import type {RedocRawOptions} from 'redoc';

type RedocTheme = NonNullable<RedocRawOptions['theme']>;

/** Infima's page backgrounds, which the reference sits on. */
const PAGE = {light: '#ffffff', dark: '#1b1b1d'};

export const lightPalette: RedocTheme = {
  colors: {
    // Infima's --ifm-color-primary-darker: the constraint chips draw it at 90 % on a 5 % tint.
    primary: {main: '#1a6877'},
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

export const darkPalette: RedocTheme = {
  colors: {
    primary: {main: '#5cc3d6'},
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

/** `options` with `palette` laid over their theme and `overrides` over that; neither input changes. */
export function withPalette(options: RedocRawOptions, palette: RedocTheme, overrides?: RedocRawOptions): RedocRawOptions {
  const painted = mergeTrees(options as Tree, {theme: palette});
  return (overrides ? mergeTrees(painted, overrides as Tree) : painted) as RedocRawOptions;
}
