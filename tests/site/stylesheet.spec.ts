/**
 * The style sheet leaves out the rules no page can match (plugins/lean-css), and nothing a page
 * uses: every Infima class on an element of a built page, or of a page in the browser after the
 * reader has opened its menus, is still styled.
 */
import fs from 'node:fs';
import path from 'node:path';
import {expect, test, type Page} from '@playwright/test';
import {usedNames} from '../../plugins/lean-css';
import {waitForHydration} from '../support/pageErrors';
import {mobileMenuButton} from '../support/mobileMenu';

const BUILD = path.resolve(process.env.BUILD_DIR ?? 'build');
const INFIMA = fs.readFileSync(require.resolve('infima/dist/css/default/default.css'), 'utf8');

const classSelectors = (css: string): Set<string> => new Set([...css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!));
const infimaClasses = classSelectors(INFIMA);

function builtStylesheet(): string {
  const dir = path.join(BUILD, 'assets/css');
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.css'))
    .map((file) => fs.readFileSync(path.join(dir, file), 'utf8'))
    .join('\n');
}

function htmlFiles(dir: string): string[] {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'assets' ? [] : htmlFiles(file);
    return entry.name.endsWith('.html') ? [file] : [];
  });
}

/** Infima's classes among `classes` that the built style sheet no longer styles. */
const unstyled = (classes: Iterable<string>, styled: Set<string>) =>
  [...new Set(classes)].filter((name) => infimaClasses.has(name) && !styled.has(name)).sort();

test('Infima rules that no page can use are left out', () => {
  const styled = classSelectors(builtStylesheet());
  // Components the site never renders…
  for (const name of ['pagination__link', 'avatar__photo', 'pills__item', 'shadow--tl']) expect(styled.has(name), name).toBe(false);
  // …and ones it does, some only once a script adds them.
  for (const name of ['navbar__link', 'navbar-sidebar--show', 'dropdown--show', 'menu__list-item--collapsed', 'alert--info']) {
    expect(styled.has(name), name).toBe(true);
  }
});

test('class names built at run time count as used', () => {
  const used = usedNames(['e=`alert--${t}`', 'c={selectedClassName:M+"--selected"},M="react-tabs__tab-panel"']);
  expect(used('alert--warning')).toBe(true);
  expect(used('react-tabs__tab-panel--selected')).toBe(true);
  expect(used('pagination__link')).toBe(false);
});

test('every Infima class on a built page is styled', () => {
  const styled = classSelectors(builtStylesheet());
  const classes = htmlFiles(BUILD).flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(/\sclass="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/)),
  );
  expect(classes.length).toBeGreaterThan(1000);
  expect(unstyled(classes, styled)).toEqual([]);
});

const classesInPage = (page: Page) =>
  page.evaluate(() => Array.from(document.querySelectorAll('[class]')).flatMap((element) => Array.from(element.classList)));

test.describe('every Infima class in the browser is styled', () => {
  test.use({viewport: {width: 390, height: 844}});

  for (const route of ['/', '/docs/getting-started/Installation', '/examples/using-single-yaml/']) {
    test(route, async ({page}) => {
      const styled = classSelectors(builtStylesheet());
      await page.goto(route);
      await waitForHydration(page);
      await mobileMenuButton(page).click();
      await expect(page.locator('.navbar-sidebar--show')).toHaveCount(1);
      expect(unstyled(await classesInPage(page), styled)).toEqual([]);
    });
  }
});
