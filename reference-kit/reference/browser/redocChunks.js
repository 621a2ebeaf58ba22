/**
 * The kit's modules that bring Redoc, loaded once the page is in (./loadAfterMount.ts), in steps.
 *
 * The first run of Redoc's code with what it brings took a phone about a quarter of a second in
 * one task. It runs in three: Prism, then the libraries Redoc is built on, then Redoc itself (with
 * the grammars of the languages it highlights), so that the browser paints and answers input between
 * them, and the page's longest task is no longer Redoc's.
 *
 * The steps' files are preloaded with the page's own (webpack's `webpackPreload`), so that running
 * them one after the other waits for no request.
 *
 * These are JavaScript: TypeScript's Node16 resolution wants a file extension in `import()`, and
 * webpack resolves the kit's `.tsx` modules by their names alone. The callers give the types.
 */
import {nextTask} from '../shared/tasks';

/** What Redoc 2.1.4 requires that costs most to run, in steps each shorter than a long task would be on a phone. */
const dependencySteps = [
  () => import(/* webpackChunkName: "redoc-prism", webpackPreload: true */ './redocPrism.js'),
  () => import(/* webpackChunkName: "redoc-libraries", webpackPreload: true */ './redocLibraries.js'),
];

/** Runs Redoc's dependencies, a task each, then loads the module that needs them. */
async function afterDependencies(load) {
  for (const step of dependencySteps) {
    await step();
    await nextTask();
  }
  return load();
}

export const loadLiveSections = () => afterDependencies(() => import(/* webpackChunkName: "reference-live", webpackPreload: true */ './LiveSections'));
export const loadRenderedReference = () => afterDependencies(() => import(/* webpackChunkName: "reference-rendered" */ './RenderedReference'));
