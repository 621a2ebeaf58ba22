/**
 * When each server-rendered section of a reference comes to life in the browser.
 *
 * A section is woken when it comes within a screen's height of the viewport. Wakes run
 * in separate tasks, a few milliseconds of them at a time, so that a phone never blocks
 * for the whole reference at once: the sections in the viewport first, then the nearest.
 */

type Wake = () => void;

/** How far outside the viewport a section starts to render: one screen above and below. */
const NEAR_VIEWPORT = '100% 0px';
/** Work per task before yielding to the browser; one section always runs, however long it takes. */
const TASK_BUDGET_MS = 8;

const wakes = new Map<Element, Wake>();
const queue: {element: Element; distance: number}[] = [];
let observer: IntersectionObserver | undefined;
let scheduled = false;

/** How far the element is from the viewport, in pixels (0 when it is in view). */
function distanceFromViewport(rect: DOMRectReadOnly): number {
  if (rect.bottom < 0) return -rect.bottom;
  if (rect.top > window.innerHeight) return rect.top - window.innerHeight;
  return 0;
}

/** Callbacks waiting for the sections near the viewport to have come to life. */
let settledWaiters: (() => void)[] = [];

function runQueue(): void {
  scheduled = false;
  const start = performance.now();
  queue.sort((a, b) => a.distance - b.distance);
  do {
    const next = queue.shift();
    if (!next) break;
    const wake = wakes.get(next.element);
    wakes.delete(next.element);
    wake?.();
  } while (performance.now() - start < TASK_BUDGET_MS);
  if (queue.length > 0) scheduleRun();
  else notifySettled();
}

/** Elements observed whose first report (near the viewport or not) has not come yet. */
const unreported = new Set<Element>();

function notifySettled(): void {
  if (queue.length > 0 || scheduled || unreported.size > 0) return;
  const waiters = settledWaiters;
  settledWaiters = [];
  waiters.forEach((waiter) => setTimeout(waiter, 0));
}

/**
 * Calls `callback` once the elements near the viewport have come to life: when the observer has
 * reported on every element, and no wake is waiting.
 */
export function afterNearbyWakes(callback: () => void): void {
  settledWaiters.push(callback);
  notifySettled();
}

function scheduleRun(): void {
  if (scheduled) return;
  scheduled = true;
  // A macrotask, so that the browser can paint and handle input between batches.
  setTimeout(runQueue, 0);
}

function onIntersection(entries: IntersectionObserverEntry[]): void {
  for (const entry of entries) {
    unreported.delete(entry.target);
    if (!entry.isIntersecting || !wakes.has(entry.target)) continue;
    observer!.unobserve(entry.target);
    queue.push({element: entry.target, distance: distanceFromViewport(entry.boundingClientRect)});
  }
  if (queue.length > 0) scheduleRun();
  else notifySettled();
}

/** Calls `wake` once, when `element` comes near the viewport. Returns a function that cancels it. */
export function wakeNearViewport(element: Element, wake: Wake): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    wake();
    return () => {};
  }
  observer ??= new IntersectionObserver(onIntersection, {rootMargin: NEAR_VIEWPORT});
  wakes.set(element, wake);
  unreported.add(element);
  observer.observe(element);
  return () => {
    wakes.delete(element);
    unreported.delete(element);
    observer?.unobserve(element);
    const queued = queue.findIndex((entry) => entry.element === element);
    if (queued !== -1) queue.splice(queued, 1);
    notifySettled();
  };
}
