/**
 * Where a page load spends the main thread: records a Chromium performance trace of a cold
 * load (4× CPU throttling, a 412 px phone viewport by default) and breaks the renderer's main
 * thread down into buckets (HTML parse, script compile, module evaluation, store construction,
 * React render, styled-components, style and layout, GC…), with the long tasks and the
 * blocking time after first contentful paint. Several runs give medians.
 *
 *   node --import tsx bench/trace-breakdown.ts <url> [<url>…] [--runs 3] [--mode light|dark|both]
 *        [--cpu 4] [--width 412] [--settle 5000] [--save <dir>] [--top 15]
 *
 * Several URLs (a page and the same page of another build, say) are recorded in turn, run by run.
 *
 * How time is attributed. Each top-level task of the main thread is a trace event; the CPU
 * profile that the trace records (`disabled-by-default-v8.cpu_profiler`) gives the JavaScript
 * stack about every millisecond. A task's duration is shared out over its samples; a task
 * without samples goes by the self time of its trace events. A sample goes to the innermost
 * trace event it falls in when that is engine work (ParseHTML, UpdateLayoutTree, Layout, GC,
 * v8.compile…), otherwise, for JavaScript, to a bucket chosen by its stack, whose frames are
 * named through the served source maps (and a package's own map, e.g. Redoc's bundle, when
 * node_modules has one). Without source maps only the scripts' URLs and minified names are
 * known, and the JavaScript buckets degrade to "other JS". Blocking time is observed on this
 * machine (not Lighthouse's simulation): tasks after FCP, minus 50 ms each, until the end of
 * the recording; with `--cpu 1` it is also given from 4 × the tasks' CPU time, as Lighthouse's
 * simulation scales an unthrottled load, which a machine busy with other work inflates far less;
 * its long tasks then include those that simulation makes long (4 × CPU time over 50 ms).
 *
 * Serve a build with `node scripts/cli/serve-build.mjs --dir build --port 3300 --compress`. For
 * named frames, build with client source maps (webpack `devtool: 'source-map'`).
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {LEAST_UPPER_BOUND, TraceMap, originalPositionFor, sourceContentFor} from '@jridgewell/trace-mapping';
import {REPO_ROOT} from '../scripts/repoRoot';
import {median} from './benchReport';
import {BENCH_CHROMIUM} from './browser';
import {CdpBrowser} from './cdpBrowser';
import {waitForQuiet, watchLongTasks} from './pageIdle';

/** What DevTools' performance panel records, minus screenshots and invalidation tracking. */
const CATEGORIES = [
  '-*',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
  'loading',
  'blink.user_timing',
  'v8.execute',
];
/** The JavaScript CPU profile: what names the code behind the time, and most of a trace's size. */
const PROFILER_CATEGORY = 'disabled-by-default-v8.cpu_profiler';

/** The trace categories to record; without the profile, tasks are timed but not attributed to code. */
function traceCategories(profile: boolean): string[] {
  return profile ? [...CATEGORIES, PROFILER_CATEGORY] : CATEGORIES;
}

const LONG_TASK_MS = 50;
/** Lighthouse's mobile CPU slowdown, applied to the CPU time of unthrottled recordings. */
const SIMULATED_SLOWDOWN = 4;

// ---------------------------------------------------------------- trace types

/** A trace event's arguments: Chromium's free-form JSON, read field by field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type TraceArgs = Record<string, any>;

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  id?: string;
  args: TraceArgs;
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: CallFrame;
}

/** A trace event of the main thread, nested: children lie within their parent. */
interface Slice {
  name: string;
  ts: number;
  end: number;
  /** Thread (CPU) time in microseconds, when the trace has it. */
  cpu?: number;
  args: TraceArgs;
  children: Slice[];
  parent?: Slice;
}

// ---------------------------------------------------------------- source maps

/** Where a frame's code came from, after source maps. */
interface Origin {
  /** Original file, e.g. `node_modules/redoc/src/services/AppStore.ts` or `src/theme/SearchBar/index.tsx`. */
  file: string;
  /** The package the code belongs to (`redoc`, `react-dom`, `@docusaurus/theme-classic`), `site` or `webpack`. */
  pkg: string;
  name: string;
  line?: number;
  /** The original source from the function's start on (a few lines), when the map carries it. */
  code?: string;
}

/** Resolves frames to their original files through the page's source maps and packages' own maps. */
class Symbolicator {
  private readonly pageMaps = new Map<string, Promise<TraceMap | undefined>>();
  private readonly packageMaps = new Map<string, TraceMap | undefined>();
  private readonly resolved = new Map<string, Origin>();
  mappedScripts = new Set<string>();

  /** Fetches every script's source map once, so that resolving afterwards is synchronous. */
  async load(urls: Iterable<string>): Promise<void> {
    await Promise.all([...urls].filter((url) => /^https?:/.test(url)).map((url) => this.pageMap(url)));
  }

  private pageMap(url: string): Promise<TraceMap | undefined> {
    let map = this.pageMaps.get(url);
    if (!map) {
      map = fetchMap(url).then((found) => {
        if (found) this.mappedScripts.add(url);
        return found;
      });
      this.pageMaps.set(url, map);
    }
    return map;
  }

  /** A package's bundle with a `.map` next to it (Redoc ships one): maps into its sources. */
  private packageMap(file: string): TraceMap | undefined {
    if (!this.packageMaps.has(file)) {
      let map: TraceMap | undefined;
      try {
        map = new TraceMap(fs.readFileSync(path.join(REPO_ROOT, `${file}.map`), 'utf8'));
      } catch {
        map = undefined;
      }
      this.packageMaps.set(file, map);
    }
    return this.packageMaps.get(file);
  }

  private readonly patches = new Map<string, (line: number) => number | undefined>();

  /**
   * patch-package edits some bundles after install (patches/), which shifts their lines away from the package's
   * own map: maps a line of the patched file to the line it had, or undefined for a line the patch wrote.
   */
  private unpatched(file: string): (line: number) => number | undefined {
    let lookup = this.patches.get(file);
    if (!lookup) {
      const moved = new Map<number, number | undefined>();
      let delta = 0;
      const patchDir = path.join(REPO_ROOT, 'patches');
      const patches = fs.existsSync(patchDir) ? fs.readdirSync(patchDir).filter((name) => name.endsWith('.patch')) : [];
      for (const name of patches) {
        const text = fs.readFileSync(path.join(patchDir, name), 'utf8');
        const start = text.indexOf(`diff --git a/${file} b/${file}`);
        if (start < 0) continue;
        const next = text.indexOf('\ndiff --git ', start + 1);
        let oldLine = 0;
        let newLine = 0;
        for (const line of text.slice(start, next < 0 ? undefined : next).split('\n')) {
          const hunk = /^@@ -(\d+)(?:,\d+)? \+(\d+)/.exec(line);
          if (hunk) {
            [oldLine, newLine] = [Number(hunk[1]), Number(hunk[2])];
          } else if (oldLine && line.startsWith(' ')) {
            moved.set(newLine++, oldLine++);
          } else if (oldLine && line.startsWith('-')) {
            oldLine++;
          } else if (oldLine && line.startsWith('+')) {
            moved.set(newLine++, undefined);
          }
          delta = newLine - oldLine;
        }
      }
      const hunkLines = [...moved.keys()].sort((a, b) => a - b);
      lookup = (line) => {
        if (moved.has(line)) return moved.get(line);
        // Outside the hunks, a line moved by what the hunks before it added or removed.
        const before = hunkLines.filter((l) => l < line).pop();
        if (before === undefined) return line;
        const mappedBefore = [...hunkLines].reverse().find((l) => l <= before && moved.get(l) !== undefined);
        return mappedBefore === undefined ? line - delta : line - (mappedBefore - moved.get(mappedBefore)!);
      };
      this.patches.set(file, lookup);
    }
    return lookup;
  }

  async resolve(frame: CallFrame): Promise<Origin> {
    const key = `${frame.url}:${frame.lineNumber}:${frame.columnNumber}:${frame.functionName}`;
    const cached = this.resolved.get(key);
    if (cached) return cached;
    const name = frame.functionName || '(anonymous)';
    let origin: Origin = {file: frame.url || '(native)', pkg: frame.url ? scriptLabel(frame.url) : 'native', name};
    const map = frame.url ? await this.pageMap(frame.url) : undefined;
    if (map && frame.lineNumber >= 0) {
      const position = functionStart(map, frame.lineNumber + 1, frame.columnNumber);
      if (position.source) {
        let file = sourceFile(position.source);
        let line = position.line ?? undefined;
        let found = position.name ?? nameAt(map, position.source, position.line, position.column);
        const code = codeAt(map, position.source, position.line, position.column);
        const inner = this.packageMap(file);
        const unpatchedLine = position.line === null ? undefined : this.unpatched(file)(position.line);
        if (inner && unpatchedLine !== undefined) {
          const deeper = functionStart(inner, unpatchedLine, position.column ?? 0);
          if (deeper.source) {
            const packageDir = file.slice(0, file.lastIndexOf('node_modules/') + 'node_modules/'.length + packageName(file).length);
            file = `${packageDir}/${sourceFile(deeper.source)}`;
            line = deeper.line ?? undefined;
            found = deeper.name ?? nameAt(inner, deeper.source, deeper.line, deeper.column) ?? found;
          }
        }
        origin = {file, pkg: packageOf(file), name: found ?? name, line, code};
      }
    }
    this.resolved.set(key, origin);
    return origin;
  }
}

/**
 * The original position of a function that starts at a generated position. A profile gives a function's start
 * (`function`, or the module id before a webpack module's factory), which often has no mapping of its own: the
 * next mapped token is the function's, whereas the one before may belong to the previous module.
 */
function functionStart(map: TraceMap, line: number, column: number) {
  const before = originalPositionFor(map, {line, column});
  const after = originalPositionFor(map, {line, column, bias: LEAST_UPPER_BOUND});
  if (!after.source) return before;
  // The name is the one mapped at the start, if that is in the same file: the next token's would be a parameter's.
  return {...after, name: before.source === after.source ? before.name : null};
}

async function fetchMap(url: string): Promise<TraceMap | undefined> {
  try {
    const script = await (await fetch(url)).text();
    const reference = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(script)?.[1];
    if (!reference || reference.startsWith('data:')) return undefined;
    const response = await fetch(new URL(reference, url));
    return response.ok ? new TraceMap(await response.text()) : undefined;
  } catch {
    return undefined;
  }
}

/** `webpack://site/./node_modules/x/y.js` → `node_modules/x/y.js`. */
function sourceFile(source: string): string {
  return source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^(\.\/)+/, '').replace(/\?.*$/, '');
}

function packageName(file: string): string {
  const rest = file.slice(file.lastIndexOf('node_modules/') + 'node_modules/'.length).split('/');
  return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
}

function packageOf(file: string): string {
  if (file.includes('node_modules/')) return packageName(file);
  if (file.startsWith('webpack/')) return 'webpack';
  if (file.startsWith('.docusaurus/')) return 'docusaurus (generated)';
  return 'site';
}

/** The name of the function whose code starts at an original position (when the map has no name there). */
function nameAt(map: TraceMap, source: string, line: number | null, column: number | null): string | undefined {
  if (line === null || column === null) return undefined;
  const text = sourceContentFor(map, source)?.split('\n')[line - 1];
  if (!text) return undefined;
  const before = text.slice(0, column + 1);
  const match =
    /(?:function\*?\s+|class\s+)([\w$]+)\s*\(?$/.exec(before) ??
    /([\w$]+)\s*(?:=|:)\s*(?:async\s*)?(?:function\*?\s*)?\(?$/.exec(before) ??
    /([\w$]+)\s*\($/.exec(before) ??
    /^\s*(?:static\s+|async\s+|get\s+|set\s+)*([\w$]+)\s*\(/.exec(text.slice(column));
  return match?.[1];
}

function codeAt(map: TraceMap, source: string, line: number | null, column: number | null): string | undefined {
  if (line === null || column === null) return undefined;
  const lines = sourceContentFor(map, source)?.split('\n');
  return lines && [lines[line - 1]?.slice(column), ...lines.slice(line, line + 3)].join('\n');
}

function scriptLabel(url: string): string {
  try {
    const {pathname} = new URL(url);
    return pathname.replace(/^\/assets\/js\//, '');
  } catch {
    return url;
  }
}

// ---------------------------------------------------------------- classification

/** Engine work, by trace event name: the first name found from the innermost event outwards. */
const ENGINE_BUCKETS: [RegExp, string][] = [
  [/^(MinorGC|MajorGC|V8\.GC|V8\.GCScavenger|BlinkGC|ThreadState::|CppGC|V8\.GC_)/, 'GC'],
  [/^(v8\.compile|v8\.compileModule|V8\.CompileCode|v8\.produceCache|v8\.produceModuleCache|V8\.CompileLazy|v8\.parseOnBackground)$/, 'script compile'],
  [/^ParseHTML$/, 'HTML parse'],
  [/^ParseAuthorStyleSheet$/, 'CSS parse'],
  [/^(UpdateLayoutTree|RecalculateStyles|ScheduleStyleRecalculation)$/, 'style recalc'],
  [/^(Layout|UpdateLayerTree|IntersectionObserverController::computeIntersections)$/, 'layout'],
  [/^(PrePaint|Paint|Layerize|Commit|UpdateLayer|CompositeLayers|PaintImage|Decode Image|ImageDecodeTask)$/, 'paint & composite'],
];
/** Trace events that run JavaScript: their own time, when no sample says more, is "other JS". */
const SCRIPT_EVENTS = /^(EvaluateScript|v8\.run|v8\.evaluateModule|FunctionCall|v8\.callFunction|TimerFire|FireAnimationFrame|RunMicrotasks|EventDispatch|V8\.Execute|v8\.newInstance|FireIdleCallback)$/;

function engineBucket(slice: Slice | undefined): string | undefined {
  for (let s = slice; s; s = s.parent) {
    for (const [pattern, bucket] of ENGINE_BUCKETS) if (pattern.test(s.name)) return bucket;
    if (SCRIPT_EVENTS.test(s.name)) return undefined;
  }
  return undefined;
}

const STYLED = new Set(['styled-components', '@emotion/stylis', '@emotion/unitless', '@emotion/is-prop-valid', '@emotion/memoize', 'stylis']);
const REACT = new Set(['react-dom', 'scheduler', 'react']);
/**
 * Redoc's store: `new AppStore()` parses the spec (OpenAPIParser), builds the menu (MenuBuilder, MenuStore) and the
 * models. Its constructor's frame does not map (it is on a line of Redoc's bundle that patches/ rewrote, where Redoc's
 * own map no longer applies), so the function that calls `new AppStore(` counts too.
 */
const isStoreConstructor = (origin: Origin) =>
  (origin.pkg === 'redoc' && /services\/AppStore\.ts$/.test(origin.file) && /^(AppStore|constructor)$/.test(origin.name)) ||
  /\bnew AppStore\(/.test(origin.code ?? '');

interface Attribution {
  bucket: string;
  /** A finer label within the bucket (package, part of the store, function). */
  detail: string;
}

/** The bucket of one JavaScript sample, from its stack (root first). */
function classifyStack(stack: Origin[]): Attribution {
  const leaf = stack[stack.length - 1]!;
  const storeAt = stack.findIndex(isStoreConstructor);
  if (storeAt >= 0) {
    // The part of the store: the first frame below the constructor in another file of Redoc's services or models.
    const part = stack.slice(storeAt + 1).find((o) => o.pkg === 'redoc' && o.file.includes('/src/') && !/AppStore\.ts$/.test(o.file));
    return {bucket: 'store construction (AppStore)', detail: part ? path.basename(part.file).replace(/\.tsx?$/, '') : 'AppStore'};
  }
  if (stack.some((o) => STYLED.has(o.pkg))) {
    const inStyled = [...stack].reverse().find((o) => STYLED.has(o.pkg))!;
    return {bucket: 'styled-components', detail: `${inStyled.pkg}: ${inStyled.name}`};
  }
  const deepest = (test: (o: Origin) => boolean) => stack.map(test).lastIndexOf(true);
  const reactAt = deepest((o) => REACT.has(o.pkg));
  const requireAt = deepest((o) => o.file === 'webpack/bootstrap');
  if (requireAt >= 0 && requireAt > reactAt) {
    // A module's code running for the first time (Docusaurus requires route modules during render, too).
    // Samples in __webpack_require__ itself are mostly V8 compiling the module's function lazily.
    return {bucket: 'module evaluation', detail: requireAt === stack.length - 1 ? 'lazy compile of module code' : stack[requireAt + 1]!.pkg};
  }
  if (reactAt >= 0) {
    // Whose code is running: React's own reconciler, or a component (or what it calls) from some package.
    return {bucket: 'React render/hydration', detail: REACT.has(leaf.pkg) ? leaf.pkg : `components: ${leaf.pkg}`};
  }
  return {bucket: 'other JS', detail: `${leaf.pkg}${leaf.pkg === 'native' ? `: ${leaf.name}` : ''}`};
}

// ---------------------------------------------------------------- analysis

interface Task {
  start: number;
  duration: number;
  /** Unthrottled recordings: the task's CPU time times 4, what Lighthouse's simulation makes of it. */
  cpuDuration: number | undefined;
  buckets: Map<string, number>;
  /** The task's milliseconds by bucket and part (`bucket: part`), to tell what one long task was made of. */
  details: Map<string, number>;
}

interface RunResult {
  fcp: number;
  lcp: number | undefined;
  load: number | undefined;
  end: number;
  busy: number;
  tbt: number;
  /**
   * Unthrottled recordings: blocking time from the tasks' CPU time times 4, as Lighthouse's simulation scales an
   * unthrottled load. Time the thread waited for a core on a busy machine does not count, so it varies much less
   * from run to run than wall time. (Chromium's CPU throttling shows in thread time unevenly, so a throttled
   * recording has no such figure.)
   */
  cpuTbt: number | undefined;
  /** Milliseconds per bucket: before the load event, after it. */
  buckets: Map<string, [number, number]>;
  details: Map<string, number>;
  scripts: Map<string, {compile: number; evaluate: number; self: number}>;
  functions: Map<string, number>;
  /** Tasks over 50 ms; unthrottled, also those over 50 ms at 4 × their CPU time. */
  longTasks: Task[];
  mapped: number;
  scriptCount: number;
}

const add = <K>(map: Map<K, number>, key: K, value: number) => map.set(key, (map.get(key) ?? 0) + value);

function nest(events: TraceEvent[]): Slice[] {
  const sorted = events
    .filter((e) => e.ph === 'X' && e.dur !== undefined)
    .map((e): Slice => ({name: e.name, ts: e.ts, end: e.ts + e.dur!, cpu: e.tdur, args: e.args, children: []}))
    .sort((a, b) => a.ts - b.ts || b.end - a.end);
  const roots: Slice[] = [];
  const open: Slice[] = [];
  for (const slice of sorted) {
    while (open.length && open[open.length - 1]!.end <= slice.ts) open.pop();
    const parent = open[open.length - 1];
    if (parent) {
      // Clip the rare event that outlives its parent (clock rounding), so self times stay positive.
      slice.end = Math.min(slice.end, parent.end);
      slice.parent = parent;
      parent.children.push(slice);
    } else {
      roots.push(slice);
    }
    open.push(slice);
  }
  return roots;
}

/** The outermost descendants of a slice with this name. */
function descendants(slice: Slice, name: string): Slice[] {
  return slice.children.flatMap((c) => (c.name === name ? [c] : descendants(c, name)));
}

function innermost(slice: Slice, ts: number): Slice {
  for (;;) {
    const child = slice.children.find((c) => c.ts <= ts && ts < c.end);
    if (!child) return slice;
    slice = child;
  }
}

function selfTimes(slice: Slice, visit: (slice: Slice, self: number) => void): void {
  visit(slice, slice.end - slice.ts - slice.children.reduce((sum, c) => sum + (c.end - c.ts), 0));
  for (const child of slice.children) selfTimes(child, visit);
}

async function analyze(trace: Trace, url: string, symbols: Symbolicator, throttled = true): Promise<RunResult> {
  const events = trace.traceEvents;
  const navigation = events.find(
    (e) => e.name === 'navigationStart' && e.args.data?.isLoadingMainFrame && e.args.data?.documentLoaderURL === url,
  );
  if (!navigation) throw new Error(`No navigation to ${url} in the trace.`);
  const {pid, tid} = navigation;
  const frame: string = navigation.args.frame;
  const t0 = navigation.ts;
  const ms = (us: number) => us / 1000;
  const mark = (name: string) =>
    events.find((e) => e.name === name && e.pid === pid && e.ts >= t0 && (e.args.frame ?? e.args.data?.frame) === frame)?.ts;
  const fcp = mark('firstContentfulPaint');
  if (fcp === undefined) throw new Error('No first contentful paint in the trace.');
  const lcps = events.filter((e) => e.name === 'largestContentfulPaint::Candidate' && e.args.frame === frame && e.ts >= t0);
  const load = mark('loadEventEnd');

  const mainThread = events.filter((e) => e.pid === pid && e.tid === tid && e.ts + (e.dur ?? 0) > t0);
  const tasks = nest(mainThread);
  const end = Math.max(...mainThread.map((e) => e.ts + (e.dur ?? 0)));

  // The main thread's CPU profile: chunks of new nodes, samples and time deltas.
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  const nodes = new Map<number, ProfileNode>();
  const samples: {ts: number; node: number}[] = [];
  if (profile) {
    let ts: number = profile.args.data.startTime;
    for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.pid === pid && e.id === profile.id)) {
      const data = chunk.args.data;
      for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
      const ids: number[] = data.cpuProfile?.samples ?? [];
      ids.forEach((node, i) => {
        ts += data.timeDeltas[i];
        samples.push({ts, node});
      });
    }
    samples.sort((a, b) => a.ts - b.ts);
  }
  await symbols.load(new Set([...nodes.values()].map((n) => n.callFrame.url)));
  const stacks = new Map<number, Origin[]>();
  const stackOf = async (id: number): Promise<Origin[]> => {
    const cached = stacks.get(id);
    if (cached) return cached;
    const node = nodes.get(id)!;
    const parent = node.parent === undefined ? [] : await stackOf(node.parent);
    const own = node.callFrame.functionName.startsWith('(') ? [] : [await symbols.resolve(node.callFrame)];
    const stack = [...parent, ...own];
    stacks.set(id, stack);
    return stack;
  };
  // Parents are listed before their children, and resolving each node once keeps this linear.
  for (const id of nodes.keys()) await stackOf(id);

  const buckets = new Map<string, [number, number]>();
  const details = new Map<string, number>();
  const functions = new Map<string, number>();
  const scripts = new Map<string, {compile: number; evaluate: number; self: number}>();
  const script = (url: string) => {
    const key = scriptLabel(url);
    if (!scripts.has(key)) scripts.set(key, {compile: 0, evaluate: 0, self: 0});
    return scripts.get(key)!;
  };
  const longTasks: Task[] = [];
  let busy = 0;
  let tbt = 0;
  let cpuTbt: number | undefined = throttled ? undefined : 0;
  let sampleIndex = 0;

  for (const task of tasks) {
    if (task.end <= t0) continue;
    const duration = ms(task.end - Math.max(task.ts, t0));
    busy += duration;
    const afterLoad = load !== undefined && task.ts >= load;
    const taskBuckets = new Map<string, number>();
    const taskDetails = new Map<string, number>();
    const credit = (bucket: string, detail: string | undefined, value: number) => {
      const pair = buckets.get(bucket) ?? [0, 0];
      pair[afterLoad ? 1 : 0] += value;
      buckets.set(bucket, pair);
      if (detail) add(details, `${bucket}\u0000${detail}`, value);
      add(taskBuckets, bucket, value);
      add(taskDetails, detail ? `${bucket}: ${detail}` : bucket, value);
    };

    // Per-script compile and top-level evaluation, from the trace events.
    selfTimes(task, (slice) => {
      if (slice.name === 'EvaluateScript' && slice.args.data?.url) {
        // Microtasks run at the end of a script (the last chunk resolves the promise that hydrates): not the script's own.
        const nested = (name: string) => descendants(slice, name).reduce((sum, c) => sum + c.end - c.ts, 0);
        const compile = nested('v8.compile');
        script(slice.args.data.url).compile += ms(compile);
        script(slice.args.data.url).evaluate += ms(slice.end - slice.ts - compile - nested('RunMicrotasks'));
      }
    });

    while (sampleIndex < samples.length && samples[sampleIndex]!.ts < task.ts) sampleIndex++;
    const inTask: {ts: number; node: number}[] = [];
    while (sampleIndex < samples.length && samples[sampleIndex]!.ts < task.end) inTask.push(samples[sampleIndex++]!);

    if (inTask.length === 0) {
      selfTimes(task, (slice, self) => credit(engineBucket(slice) ?? (SCRIPT_EVENTS.test(slice.name) ? 'other JS' : 'other (tasks, loading, events)'), undefined, ms(self)));
    } else {
      const weight = duration / inTask.length;
      for (const sample of inTask) {
        const node = nodes.get(sample.node)!;
        const slice = innermost(task, sample.ts);
        const leafName = node.callFrame.functionName;
        const stack = stacks.get(sample.node)!;
        const engine = engineBucket(slice);
        if (leafName === '(garbage collector)') credit('GC', undefined, weight);
        else if (engine) {
          credit(engine, engine === 'script compile' ? scriptLabel(compiledScript(slice) ?? '?') : undefined, weight);
          if (engine === 'script compile' && compiledScript(slice) === undefined && stack.length) add(functions, '(lazy compile)', weight);
        } else if (stack.length === 0) {
          // No JavaScript on the stack: the engine's own work inside a script (V8's "(program)"), or the browser's.
          if (insideScript(slice)) credit('other JS', 'V8 (program)', weight);
          else credit('other (tasks, loading, events)', /RunTask$/.test(slice.name) ? 'task itself' : slice.name, weight);
        } else {
          const {bucket, detail} = classifyStack(stack);
          credit(bucket, detail, weight);
          const leaf = stack[stack.length - 1]!;
          add(functions, `${leaf.name} (${leaf.file}${leaf.line ? `:${leaf.line}` : ''})`, weight);
          const leafUrl = node.callFrame.url;
          if (leafUrl) script(leafUrl).self += weight;
        }
      }
    }
    const cpuDuration = throttled || task.cpu === undefined ? undefined : ms(task.cpu) * SIMULATED_SLOWDOWN;
    if (cpuDuration === undefined) cpuTbt = undefined;
    if (duration > LONG_TASK_MS || (cpuDuration ?? 0) > LONG_TASK_MS) {
      longTasks.push({start: ms(task.ts - t0), duration, cpuDuration, buckets: taskBuckets, details: taskDetails});
    }
    if (task.end > fcp) {
      // Lighthouse's rule: only the part of a task after FCP counts.
      const afterFcp = (task.end - Math.max(task.ts, fcp)) / (task.end - task.ts);
      const counted = ms(task.end - Math.max(task.ts, fcp));
      if (counted > LONG_TASK_MS) tbt += counted - LONG_TASK_MS;
      if (cpuTbt !== undefined && cpuDuration! * afterFcp > LONG_TASK_MS) cpuTbt += cpuDuration! * afterFcp - LONG_TASK_MS;
    }
  }

  return {
    fcp: ms(fcp - t0),
    lcp: lcps.length ? ms(lcps[lcps.length - 1]!.ts - t0) : undefined,
    load: load === undefined ? undefined : ms(load - t0),
    end: ms(end - t0),
    busy,
    tbt,
    cpuTbt,
    buckets,
    details,
    scripts,
    functions,
    longTasks,
    mapped: [...new Set([...nodes.values()].map((n) => n.callFrame.url))].filter((u) => symbols.mappedScripts.has(u)).length,
    scriptCount: scripts.size,
  };
}

function insideScript(slice: Slice): boolean {
  for (let s: Slice | undefined = slice; s; s = s.parent) if (SCRIPT_EVENTS.test(s.name)) return true;
  return false;
}

/** The script a compile event belongs to: its own URL, or that of the script being evaluated. */
function compiledScript(slice: Slice): string | undefined {
  for (let s: Slice | undefined = slice; s; s = s.parent) {
    const url = s.args.data?.url ?? s.args.fileName;
    if (url) return url;
  }
  return undefined;
}

// ---------------------------------------------------------------- recording

interface Trace {
  traceEvents: TraceEvent[];
}

interface RecordOptions {
  dark: boolean;
  /** CPU throttling rate (4: Lighthouse's mobile slowdown). */
  cpu: number;
  width: number;
  /**
   * How long to record after the load event: a fixed time in milliseconds, or until the page has
   * had no long task for `quietMs` (pageIdle.ts), at most `ceilingMs`.
   */
  settle: number | {quietMs: number; ceilingMs: number};
  loadTimeout?: number;
  /** Record the CPU profile (default); without it a trace times tasks only, at a fraction of the size. */
  profile?: boolean;
}

interface Recording {
  trace: Trace;
  /** False when the page was still busy at the ceiling of `settle`: the trace stops short of its end. */
  settled: boolean;
}

/** A cold load of `url` in a new browser, on Lighthouse's phone screen (at `width`), traced. */
async function record(url: string, options: RecordOptions): Promise<Recording> {
  // Without Playwright: no DevTools network domain, whose decoding of the page's HTML a reader's browser does not do (cdpBrowser.ts).
  const browser = await CdpBrowser.launch();
  try {
    const page = await browser.newPage();
    await page.emulatePhone(options.width);
    if (options.dark) await page.addInitScript(() => window.localStorage.setItem('theme', 'dark'), undefined);
    if (typeof options.settle !== 'number') await watchLongTasks(page);
    await page.send('Emulation.setCPUThrottlingRate', {rate: options.cpu});
    await browser.startTracing(traceCategories(options.profile ?? true));
    // A page that blocks its main thread for a minute at 4× (stock redocusaurus on a large spec) loads late.
    await page.goto(url, options.loadTimeout ?? 30_000);
    let settled = true;
    if (typeof options.settle === 'number') await page.waitForTimeout(options.settle);
    else settled = (await waitForQuiet(page, options.settle.quietMs, options.settle.ceilingMs)).quiet;
    return {trace: JSON.parse(await browser.stopTracing()) as Trace, settled};
  } finally {
    await browser.close();
  }
}

/**
 * The main thread's tasks over 50 ms from a user-timing mark (`performance.mark(name)` in the
 * page) to the end of the trace, in milliseconds from the mark: what an interaction made after the
 * mark costs, where a page load's analysis (`analyze`) starts from the navigation.
 */
/**
 * A task that handles a DevTools message: the harness's own work (Playwright's queries and waits),
 * which a reader's browser does not do. A locator waiting for a role walks the whole page, and at 4×
 * CPU on a large page that was the longest task after a press.
 */
function isHarnessTask(task: Slice): boolean {
  return task.children.some(
    (child) =>
      child.name === 'Receive mojo message' &&
      (child.args as {chrome_mojo_event_info?: {mojo_interface_tag?: string}} | undefined)?.chrome_mojo_event_info?.mojo_interface_tag === 'blink.mojom.DevToolsSession',
  );
}

function longTasksAfterMark(trace: Trace, name: string): {start: number; duration: number}[] {
  const mark = trace.traceEvents.find((e) => e.name === name && e.cat.includes('blink.user_timing'));
  if (!mark) throw new Error(`No mark "${name}" in the trace.`);
  // The mark is made on the page's main thread.
  const mainThread = trace.traceEvents.filter((e) => e.pid === mark.pid && e.tid === mark.tid && e.ts >= mark.ts);
  return nest(mainThread)
    .filter((task) => !isHarnessTask(task))
    .map((task) => ({start: (task.ts - mark.ts) / 1000, duration: (task.end - task.ts) / 1000}))
    .filter((task) => task.duration > LONG_TASK_MS);
}

// ---------------------------------------------------------------- report

const fmt = (value: number | undefined) => (value === undefined ? 'n/a' : Math.round(value).toLocaleString('en'));

function report(label: string, runs: RunResult[], top: number): string {
  const out: string[] = [];
  const m = (pick: (run: RunResult) => number | undefined) => {
    const values = runs.map(pick).filter((v): v is number => v !== undefined);
    return median(values) ?? undefined;
  };
  out.push(`## ${label}`, '');
  out.push(
    `Median of ${runs.length} run(s). FCP ${fmt(m((r) => r.fcp))} ms, LCP ${fmt(m((r) => r.lcp))} ms, load event ${fmt(m((r) => r.load))} ms; ` +
      `main thread busy ${fmt(m((r) => r.busy))} ms until ${fmt(m((r) => r.end))} ms; ` +
      `**blocking time after FCP ${fmt(m((r) => r.tbt))} ms** (runs: ${runs.map((r) => fmt(r.tbt)).join(', ')}), ` +
      (runs[0]!.cpuTbt === undefined
        ? ''
        : `from 4 × CPU time ${fmt(m((r) => r.cpuTbt))} ms (runs: ${runs.map((r) => fmt(r.cpuTbt)).join(', ')}), `) +
      `long tasks ${fmt(m((r) => r.longTasks.length))}. Source maps found for ${runs[0]!.mapped} script(s).`,
    '',
  );

  const names = [...new Set(runs.flatMap((r) => [...r.buckets.keys()]))];
  const rows = names
    .map((name) => {
      const get = (r: RunResult, i: 0 | 1 | 2) => {
        const pair = r.buckets.get(name) ?? [0, 0];
        return i === 2 ? pair[0] + pair[1] : pair[i];
      };
      return {name, total: m((r) => get(r, 2))!, before: m((r) => get(r, 0))!, after: m((r) => get(r, 1))!};
    })
    .sort((a, b) => b.total - a.total);
  const busy = m((r) => r.busy)!;
  out.push('| bucket | ms (median) | before load event | after load event | share of busy time |', '| --- | ---: | ---: | ---: | ---: |');
  for (const row of rows) {
    out.push(`| ${row.name} | ${fmt(row.total)} | ${fmt(row.before)} | ${fmt(row.after)} | ${((100 * row.total) / busy).toFixed(1)}% |`);
  }
  out.push('', 'Medians per bucket do not add up to the median busy time exactly.', '');

  const detailKeys = [...new Set(runs.flatMap((r) => [...r.details.keys()]))];
  const byBucket = new Map<string, {detail: string; ms: number}[]>();
  for (const key of detailKeys) {
    const [bucket, detail] = key.split('\u0000') as [string, string];
    const value = m((r) => r.details.get(key) ?? 0)!;
    if (value < 1) continue;
    byBucket.set(bucket, [...(byBucket.get(bucket) ?? []), {detail, ms: value}]);
  }
  out.push('### Within the buckets', '', '| bucket | part | ms (median) |', '| --- | --- | ---: |');
  for (const row of rows) {
    for (const {detail, ms} of (byBucket.get(row.name) ?? []).sort((a, b) => b.ms - a.ms).slice(0, 8)) {
      out.push(`| ${row.name} | ${detail} | ${fmt(ms)} |`);
    }
  }

  const scriptNames = [...new Set(runs.flatMap((r) => [...r.scripts.keys()]))];
  const scriptRows = scriptNames
    .map((name) => ({
      name,
      compile: m((r) => r.scripts.get(name)?.compile ?? 0)!,
      evaluate: m((r) => r.scripts.get(name)?.evaluate ?? 0)!,
      self: m((r) => r.scripts.get(name)?.self ?? 0)!,
    }))
    .filter((row) => row.compile + row.evaluate + row.self >= 1)
    .sort((a, b) => b.compile + b.evaluate + b.self - (a.compile + a.evaluate + a.self));
  out.push(
    '',
    '### Per script',
    '',
    'Compile and top-level run are the script\'s `EvaluateScript` event (a chunk\'s top level only registers its modules); "code running" is every sample whose innermost frame is code of that file, whenever it ran.',
    '',
    '| script | compile (ms) | top-level run (ms) | code running (ms) |',
    '| --- | ---: | ---: | ---: |',
  );
  for (const row of scriptRows) out.push(`| ${row.name} | ${fmt(row.compile)} | ${fmt(row.evaluate)} | ${fmt(row.self)} |`);

  // The run with the median blocking time, for a list that belongs together.
  const typical = [...runs].sort((a, b) => a.tbt - b.tbt)[runs.length >> 1]!;
  out.push('', `### Long tasks (the run with the median blocking time, ${fmt(typical.tbt)} ms)`, '', '| start (ms) | duration (ms) | 4 × CPU time (unthrottled runs) | mostly | in detail |', '| ---: | ---: | ---: | --- | --- |');
  for (const task of typical.longTasks) {
    const mostly = [...task.buckets.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([bucket, value]) => `${bucket} ${fmt(value)}`)
      .join(', ');
    const parts = [...task.details.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([part, value]) => `${part} ${fmt(value)}`)
      .join(', ');
    out.push(`| ${fmt(task.start)} | ${fmt(task.duration)} | ${fmt(task.cpuDuration)} | ${mostly} | ${parts} |`);
  }

  const functionNames = [...new Set(runs.flatMap((r) => [...r.functions.keys()]))];
  const functionRows = functionNames
    .map((name) => ({name, ms: m((r) => r.functions.get(name) ?? 0)!}))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, top);
  out.push('', `### Top ${top} functions by self time`, '', '| function | ms (median) |', '| --- | ---: |');
  for (const row of functionRows) out.push(`| \`${row.name.replace(/\|/g, '\\|')}\` | ${fmt(row.ms)} |`);
  out.push('');
  return out.join('\n');
}

// ---------------------------------------------------------------- main

async function main(): Promise<void> {
  const {values, positionals} = parseArgs({
    allowPositionals: true,
    options: {
      runs: {type: 'string', default: '3'},
      mode: {type: 'string', default: 'both'},
      cpu: {type: 'string', default: '4'},
      width: {type: 'string', default: '412'},
      settle: {type: 'string', default: '5000'},
      save: {type: 'string'},
      top: {type: 'string', default: '15'},
    },
  });
  const urls = positionals;
  if (!urls.length || !['light', 'dark', 'both'].includes(values.mode)) {
    console.error(
      'Usage: node --import tsx bench/trace-breakdown.ts <url> [<url>…] [--runs 3] [--mode light|dark|both] [--cpu 4] [--width 412] [--settle 5000] [--save <dir>] [--top 15]',
    );
    process.exit(2);
  }
  const modes = values.mode === 'both' ? ['light', 'dark'] : [values.mode];
  const runs = Number(values.runs);
  const results = new Map<string, RunResult[]>();
  const symbols = new Symbolicator();
  const chromiumVersion = spawnSync(BENCH_CHROMIUM, ['--version'], {encoding: 'utf8'}).stdout.trim();
  // Pages and modes alternate run by run, so that a busy moment of the machine does not fall on one of them only.
  for (let run = 1; run <= runs; run++) {
    for (const [index, url] of urls.entries()) {
      for (const mode of modes) {
        console.error(`run ${run}/${runs}, ${url}, ${mode}…`);
        const {trace} = await record(url, {dark: mode === 'dark', cpu: Number(values.cpu), width: Number(values.width), settle: Number(values.settle)});
        if (values.save) {
          fs.mkdirSync(values.save, {recursive: true});
          fs.writeFileSync(path.join(values.save, `trace-${index + 1}-${mode}-${run}.json`), JSON.stringify(trace));
        }
        const result = await analyze(trace, url, symbols, Number(values.cpu) !== 1);
        console.error(
          `  blocking after FCP ${fmt(result.tbt)} ms${result.cpuTbt === undefined ? '' : ` (from 4 × CPU time ${fmt(result.cpuTbt)} ms)`}, ` +
            `busy ${fmt(result.busy)} ms, ${result.longTasks.length} long tasks`,
        );
        const key = `${url}, ${mode} mode`;
        results.set(key, [...(results.get(key) ?? []), result]);
      }
    }
  }
  console.log(
    `# Main-thread breakdown\n\n${chromiumVersion}, headless; ${values.width} px wide at 1.75x, touch; CPU throttled ${values.cpu}×, no network throttling; ` +
      `cold (a new browser each run); recorded until ${values.settle} ms after the load event.\n`,
  );
  for (const [key, runsOfKey] of results) console.log(report(key, runsOfKey, Number(values.top)));
}

// Run as a script; importing it (for its analysis in another script) runs nothing.
if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

export {Symbolicator, analyze, longTasksAfterMark, nest, record, traceCategories, type Origin, type RunResult, type Trace, type TraceEvent};
