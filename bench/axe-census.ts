/**
 * Counts serious and critical axe-core findings by rule on whole pages, light and dark, at one
 * width: the figures the docs and closing notes quote (the tests assert zero; this says how far
 * from zero a change is). Serves nothing itself: point it at a running server.
 *
 *   node --import tsx bench/axe-census.ts http://127.0.0.1:3100 /examples/using-single-yaml/ …
 *   WIDTH=375 node --import tsx bench/axe-census.ts …
 */
import fs from 'node:fs';
import path from 'node:path';
import {chromium} from '@playwright/test';

const [origin, ...routes] = process.argv.slice(2);
if (!origin || routes.length === 0) throw new Error('usage: axe-census.ts <origin> <route> [route …]');
const width = Number(process.env.WIDTH ?? 1280);
// The axe-core that the tests' @axe-core/playwright runs, so the figures match the tests.
const axeSource = fs.readFileSync(
  require.resolve('axe-core/axe.min.js', {paths: [path.dirname(require.resolve('@axe-core/playwright'))]}),
  'utf8',
);
/** With DETAILS=1, every failing node is printed (target and axe's summary), not only counts. */
const details = process.env.DETAILS === '1';

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const totals = new Map<string, number>();
  for (const route of routes) {
    for (const mode of ['light', 'dark'] as const) {
      const context = await browser.newContext({viewport: {width, height: 900}});
      await context.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
      const page = await context.newPage();
      await page.goto(origin + route);
      await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached', timeout: 30_000});
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      await page.evaluate(axeSource);
      const {counts, nodes} = await page.evaluate(async () => {
        type Node = {target: string[]; failureSummary?: string};
        type Run = (context: Document, options: object) => Promise<{violations: Array<{id: string; impact?: string; nodes: Node[]}>}>;
        const result = await (window as unknown as {axe: {run: Run}}).axe.run(document, {resultTypes: ['violations']});
        const byRule: Record<string, number> = {};
        const failing: string[] = [];
        for (const violation of result.violations) {
          if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
          byRule[violation.id] = violation.nodes.length;
          for (const node of violation.nodes) {
            failing.push(`${violation.id} ${node.target.join(' ')} :: ${(node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)}`);
          }
        }
        return {counts: byRule, nodes: failing};
      });
      for (const [rule, count] of Object.entries(counts)) totals.set(rule, (totals.get(rule) ?? 0) + count);
      console.log(`${route} ${mode}: ${JSON.stringify(counts)}`);
      if (details) for (const node of nodes) console.log(`  ${node}`);
      await context.close();
    }
  }
  console.log('total by rule:', JSON.stringify(Object.fromEntries([...totals].sort((a, b) => b[1] - a[1]))));
  console.log('total:', [...totals.values()].reduce((sum, count) => sum + count, 0));
  await browser.close();
}

void main();
