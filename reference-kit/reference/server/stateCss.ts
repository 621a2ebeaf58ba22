/**
 * CSS for the states of Redoc's menu that the server's HTML does not show, which ../browser/liveMenu.ts
 * marks on it: the active item, an expanded item, the open phone menu. Redoc styles these with
 * class names styled-components makes as its components re-render; a menu that is not rendered by
 * React needs rules of its own, with the colours of the theme of each colour mode.
 */
import type {ResolvedThemeInterface} from 'redoc';
import {DARK_SCOPE, LIGHT_SCOPE} from './modeCss';
import {ATTR, CLASS} from '../shared/contract';

const MENU = `.${CLASS.reference} .${CLASS.menu}`;

/** Redoc's `menuItemActive`: depth 1 takes the group items' colours, deeper items the level 1 items'. */
function activeColours(theme: ResolvedThemeInterface, depth: 1 | 2) {
  const colours = depth === 1 ? theme.sidebar.groupItems : theme.sidebar.level1Items;
  return `color:${colours.activeTextColor};background-color:${colours.activeBackgroundColor};`;
}

function modeRules(theme: ResolvedThemeInterface, scope: string): string {
  const menu = `${scope} ${MENU}`;
  return (
    `${menu} label.-depth1.active{${activeColours(theme, 1)}}` +
    `${menu} label.active:not(.-depth0,.-depth1){${activeColours(theme, 2)}}`
  );
}

/** The rules for both modes' themes. */
export function liveStateCss(lightTheme: ResolvedThemeInterface, darkTheme: ResolvedThemeInterface): string {
  const menu = MENU;
  return (
    modeRules(lightTheme, LIGHT_SCOPE) +
    modeRules(darkTheme, DARK_SCOPE) +
    // Redoc hides a collapsed item's list and turns its arrow to the right.
    `${menu} li[${ATTR.expanded}]>ul{display:block}` +
    `${menu} li[${ATTR.expanded}]>label>svg{transform:rotateZ(0)}` +
    `@media screen and (max-width:${lightTheme.breakpoints.small}){${menu}[${ATTR.open}]{display:flex}}`
  );
}
