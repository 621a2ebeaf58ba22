/**
 * The CSS of a reference's sections while the browser holds them (./contract.js): each section as
 * tall as the server estimated (../server/sectionEstimates.ts) until it is laid out, the room the
 * content column holds for the sections ahead, the sections put in empty, the short sections. Every
 * formula is written once here, for one column and for two, and the server writes the result into
 * the page with the reference's other style sheets; a reference React renders whole writes it too.
 */
import type {ResolvedThemeInterface} from 'redoc';
import {AHEAD_PROPS, ATTR, CLASS, PROP} from './contract';

/** A CSS length of the theme in pixels (`px`, `rem` and `em` at 16 px); `fallback` for anything else. */
function pixels(value: string | number | undefined, fallback: number): number {
  if (typeof value === 'number') return value;
  const match = /^\s*([\d.]+)(px|rem|em)?\s*$/.exec(value ?? '');
  if (!match) return fallback;
  return Number(match[1]) * (match[2] === 'rem' || match[2] === 'em' ? 16 : 1);
}

/** The factors `1000 / w` for the panels' text widths `w` at a viewport's width. */
export interface TextWidthFactors {
  /** One column. */
  oneColumn: number;
  /** Two columns: the middle and the right panel. */
  middle: number;
  right: number;
}

/**
 * The panels' text width factors at a viewport width of `width`, after the theme's breakpoints (the
 * menu from `small` up) and its menu and right panel widths.
 */
export function textWidthFactors(theme: ResolvedThemeInterface, width: number): TextWidthFactors {
  const small = pixels(theme.breakpoints.small, 800);
  const sidebar = pixels(theme.sidebar.width, 260);
  const horizontal = 2 * pixels(theme.spacing.sectionHorizontal, 40);
  const rightShare = /%\s*$/.test(String(theme.rightPanel.width)) ? parseFloat(String(theme.rightPanel.width)) / 100 : 0.4;
  const factor = (text: number) => Number((1000 / Math.max(text, 120)).toFixed(3));
  const content = width - (width > small ? sidebar : 0);
  return {
    oneColumn: factor(content - horizontal),
    middle: factor(content * (1 - rightShare) - horizontal),
    right: factor(content * rightShare - horizontal),
  };
}

/** Steps of viewport width for which the text width factors are written, in pixels. */
const WIDTH_STEP = 40;
const WIDTH_RANGE = [280, 2600] as const;

const v = (property: string, fallback: number | string) => `var(${property},${fallback})`;
const [aheadCount, f1, w1, f2, w2m, w2r, textF1, textW1, textF2, textW2m, textW2r] = AHEAD_PROPS;

/**
 * A section's estimated height in pixels: in one column, its panels one above the other; in two,
 * the taller of them (its own padding is outside the size `contain-intrinsic-size` gives). A
 * section without the server's numbers (rendered in the browser, `npm start`) holds 800 px.
 */
function heightFormula(columns: 1 | 2): string {
  if (columns === 1) {
    return (
      `calc((${v(PROP.middleFixed, 800)} + ${v(PROP.rightFixed, 0)} + ${v(PROP.oneColumnPadding, 0)})*1px + ` +
      `(${v(PROP.middleWrapped, 0)} + ${v(PROP.rightWrapped, 0)})*${v(PROP.oneColumnFactor, 2)}*1px)`
    );
  }
  return (
    `max(${v(PROP.middleFixed, 800)}*1px + ${v(PROP.middleWrapped, 0)}*${v(PROP.middleFactor, 2)}*1px, ` +
    `${v(PROP.rightFixed, 0)}*1px + ${v(PROP.rightWrapped, 0)}*${v(PROP.rightFactor, 3)}*1px)`
  );
}

/**
 * The room held for the sections ahead: operations and text alone, each scaled by its fit, and
 * their padding in two columns.
 */
function aheadFormula(columns: 1 | 2): string {
  const kind = (fixed: string, wrapped: string[], fit: string) =>
    `(var(${fixed})*1px + ${wrapped.join(' + ')})*${v(fit, 1)}`;
  const oneColumn = (property: string) => `var(${property})*${v(PROP.oneColumnFactor, 2)}*1px`;
  const twoColumns = (middle: string, right: string) => [
    `var(${middle})*${v(PROP.middleFactor, 2)}*1px`,
    `var(${right})*${v(PROP.rightFactor, 3)}*1px`,
  ];
  const operations = columns === 1 ? kind(f1!, [oneColumn(w1!)], PROP.fit) : kind(f2!, twoColumns(w2m!, w2r!), PROP.fit);
  const text = columns === 1 ? kind(textF1!, [oneColumn(textW1!)], PROP.fitText) : kind(textF2!, twoColumns(textW2m!, textW2r!), PROP.fitText);
  return `calc(${operations} + ${text} + var(${aheadCount})*${v(PROP.sectionPadding, '0px')})`;
}

/** The rules that do not depend on the viewport's width. */
function sectionRules(): string {
  const reference = `.${CLASS.reference}`;
  const content = `${reference} .${CLASS.content}`;
  const sections = `${content}>[${ATTR.section}]`;
  const held = `calc(var(${PROP.height})*${v(PROP.sectionFit, v(PROP.fit, 1))})`;
  return (
    // A section's estimate and its fit are its own: registered, not inherited, so a change restyles it alone.
    `@property ${PROP.height}{syntax:'<length>';inherits:false;initial-value:0px}` +
    AHEAD_PROPS.map((name) => `@property ${name}{syntax:'<number>';inherits:false;initial-value:0}`).join('') +
    // Skipped away from the viewport and sized by its estimate; `auto` keeps the size it had once
    // shown. `overflow: hidden`: an estimate that falls short clips what the section holds while skipped.
    `.${CLASS.section}{content-visibility:auto;overflow:hidden;${PROP.height}:${heightFormula(1)};contain-intrinsic-size:auto ${held}}` +
    `${sections}[${ATTR.text}]{${PROP.sectionFit}:${v(PROP.fitText, 1)}}` +
    // A section put in empty holds its estimate whether laid out or not, and Redoc's padding in two
    // columns; `none`, not `auto`: the browser would remember the empty section's height.
    `${sections}[${ATTR.pending}]{contain-intrinsic-size:none;min-height:calc(${held} + ${v(PROP.sectionPadding, '0px')})}` +
    `${sections}[${ATTR.classes}]{padding:calc(${v(PROP.sectionPadding, '0px')}/2) 0}` +
    `${content}[${ATTR.ahead}]{padding-bottom:${aheadFormula(1)}}` +
    // A short section, in the middle panel's width where Redoc shows two columns.
    `${reference} .${CLASS.stub}{padding:40px}` +
    `${reference} .${CLASS.stubTitle}{margin:0 0 0.5em}` +
    `${reference} .${CLASS.stubEndpoint} .http-verb{font-family:var(--ifm-font-family-monospace);font-weight:bold;text-transform:uppercase}`
  );
}

/**
 * Without JavaScript the page shows the sections ahead where they are, in their noscript
 * elements: the content column holds no room for them. The first of those elements carries it.
 */
export const NO_ROOM_WITHOUT_SCRIPTS = `.${CLASS.reference} .${CLASS.content}[${ATTR.ahead}]{padding-bottom:0}`;

/**
 * The held sections' CSS for a reference of `theme`: the rules above, the text width factors at
 * each step of viewport width, and the two-column rules from the theme's `medium` breakpoint up.
 */
export function heldCss(theme: ResolvedThemeInterface): string {
  const medium = pixels(theme.breakpoints.medium, 1200);
  let css = sectionRules();
  for (let from = WIDTH_RANGE[0]; from < WIDTH_RANGE[1]; from += WIDTH_STEP) {
    // Redoc's breakpoints are `max-width` queries: the menu shows above `small`, two columns above `medium`.
    const factors = textWidthFactors(theme, from + WIDTH_STEP / 2);
    const query = from === WIDTH_RANGE[0] ? `(max-width:${from + WIDTH_STEP}px)` : `(min-width:${from + 0.02}px)`;
    css +=
      `@media ${query}{.${CLASS.reference}{${PROP.oneColumnFactor}:${factors.oneColumn.toFixed(3)};` +
      `${PROP.middleFactor}:${factors.middle.toFixed(3)};${PROP.rightFactor}:${factors.right.toFixed(3)}}}`;
  }
  const content = `.${CLASS.reference} .${CLASS.content}`;
  css +=
    `@media (min-width:${medium + 0.02}px){` +
    `.${CLASS.reference}{${PROP.sectionPadding}:${2 * pixels(theme.spacing.sectionVertical, 40)}px}` +
    `${content}>[${ATTR.section}]{${PROP.height}:${heightFormula(2)}}` +
    `${content}[${ATTR.ahead}]{padding-bottom:${aheadFormula(2)}}` +
    `${content} .${CLASS.stub}{width:60%}}`;
  return css;
}
