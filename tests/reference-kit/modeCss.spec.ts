/** The rewriting of the reference's pre-rendered CSS (reference-kit/reference/server/modeCss.ts), on small made-up sheets. */
import {expect, test} from '@playwright/test';
import {classCorrespondence, modeCss, renameClasses, scopeRules, sheetClassNames, sheetRules} from '../../reference-kit/reference/server/modeCss';

/** A sheet as styled-components' ServerStyleSheet writes it. */
const sheet = (...lines: string[]) => `<style data-styled="true" data-styled-version="5.3.11">${lines.map((line) => `${line}/*!sc*/\n`).join('')}</style>`;

test('rules are read one per line, without the markers styled-components uses to rehydrate', () => {
  const rules = sheetRules(sheet('.a{color:red;}', 'data-styled.g1[id="sc-x"]{content:"a,"}', '@media print{.a{color:black;}}'));
  expect(rules).toEqual(['.a{color:red;}', '@media print{.a{color:black;}}']);
});

test('the class names of each component are listed for the browser to register', () => {
  const names = sheetClassNames(sheet('.a{}', 'data-styled.g1[id="sc-x"]{content:"a,b,"}', 'data-styled.g2[id="sc-y-1"]{content:"c,"}'));
  expect(names).toBe('sc-x:a,b sc-y-1:c');
});

test('every selector gets the scope, in selector lists and media queries, but not inside :not() or keyframes', () => {
  const css = '.a,.b:not(.c,.d){x:1}@media print,screen and (max-width:75rem){.a > .b{x:2}}@keyframes spin{from{x:0}to{x:1}}';
  expect(scopeRules(css, 'S')).toBe(
    'S .a,S .b:not(.c,.d){x:1}@media print,screen and (max-width:75rem){S .a > .b{x:2}}@keyframes spin{from{x:0}to{x:1}}',
  );
});

test('dark class names map to the light names generated for the same elements; a mismatch in the trees is an error', () => {
  // The names each render generated, in order: shared ones (a theme-independent rule) map to nothing.
  const correspondence = classCorrespondence(['L1', 'S', 'L2', 'L3'], ['D1', 'S', 'D2', 'D2']);
  expect(Object.fromEntries([...correspondence].map(([name, names]) => [name, [...names]]))).toEqual({D1: ['L1'], D2: ['L2', 'L3']});
  expect(() => classCorrespondence(['L1', 'L2', 'L3'], ['D1'])).toThrow(/differ: 3 and 1 styled elements/);
});

test('renaming writes a selector once per light name, and leaves shared names alone', () => {
  const correspondence = new Map([['D2', new Set(['L2', 'L3'])]]);
  expect(renameClasses('.sc-b.D2:hover > .sc-a{x:1}@media print{.D2{x:2}}', correspondence)).toBe(
    '.sc-b.L2:hover > .sc-a,.sc-b.L3:hover > .sc-a{x:1}@media print{.L2,.L3{x:2}}',
  );
});

test('the dark sheet ends up on the light names, each sheet in its own mode', () => {
  const css = modeCss({
    lightNames: ['L'],
    lightSheet: sheet('.L{color:black;}', 'data-styled.g1[id="sc-p"]{content:"L,"}'),
    darkNames: ['D'],
    darkSheet: sheet('.D{color:white;}', 'data-styled.g1[id="sc-p"]{content:"D,"}'),
  });
  expect(css).toEqual({
    classNames: 'sc-p:L',
    light: ":where(html:not([data-theme='dark'])) .L{color:black;}",
    dark: ":where(html[data-theme='dark']) .L{color:white;}",
  });
});
