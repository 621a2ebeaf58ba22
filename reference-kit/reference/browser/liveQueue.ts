/**
 * When each held section of a reference comes to life in the browser.
 *
 * A section comes to life when it comes within a screen's height of the viewport, in tasks of a few
 * milliseconds each, so that a phone never blocks for the whole reference at once: the sections in
 * the viewport first, then the nearest. Which are near is found by a binary search on their
 * positions (they are one above the other, in page order) when the page scrolls or is resized,
 * after sections have come to life, and whenever the column that holds them changes height: sections
 * move without a scroll when those around them change size.
 */

type BringToLife = () => void;

/** Work per task before yielding to the browser; one section always runs, however long it takes. */
const TASK_BUDGET_MS = 8;

/** Elements in page order, one above the other, each with its `bringToLife` until it has run. */
interface LiveList {
  elements: Element[];
  pending: (BringToLife | undefined)[];
  left: number;
}

const lists = new Set<LiveList>();
const queue: {element: Element; bringToLife: BringToLife; distance: number}[] = [];
let scheduled = false;
let checkScheduled = false;
let listening = false;
/** Watches the height of the elements that hold the lists' elements (created when first needed). */
let resizes: ResizeObserver | undefined;

/** Callbacks waiting for the sections near the viewport to have come to life. */
let settledWaiters: (() => void)[] = [];

/** How far the element is from the viewport, in pixels (0 when it is in view). */
function distanceFromViewport(rect: DOMRectReadOnly): number {
  if (rect.bottom < 0) return -rect.bottom;
  if (rect.top > window.innerHeight) return rect.top - window.innerHeight;
  return 0;
}

/** Queues `bringToLife` of the elements within a screen of the viewport. */
function check(): void {
  checkScheduled = false;
  const margin = window.innerHeight;
  for (const list of lists) {
    const {elements, pending} = list;
    // The first element whose bottom is below the top of the near area.
    let low = 0;
    let high = elements.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (elements[middle]!.getBoundingClientRect().bottom < -margin) low = middle + 1;
      else high = middle;
    }
    for (let index = low; index < elements.length; index++) {
      const rect = elements[index]!.getBoundingClientRect();
      if (rect.top > window.innerHeight + margin) break;
      const bringToLife = pending[index];
      if (!bringToLife) continue;
      pending[index] = undefined;
      list.left -= 1;
      queue.push({element: elements[index]!, bringToLife, distance: distanceFromViewport(rect)});
    }
    if (list.left === 0) lists.delete(list);
  }
  if (queue.length > 0) scheduleRun();
  else notifySettled();
  if (lists.size === 0) stopListening();
}

function scheduleCheck(): void {
  if (checkScheduled) return;
  checkScheduled = true;
  requestAnimationFrame(check);
}

function runQueue(): void {
  scheduled = false;
  const start = performance.now();
  queue.sort((a, b) => a.distance - b.distance);
  do {
    const next = queue.shift();
    if (!next) break;
    next.bringToLife();
  } while (performance.now() - start < TASK_BUDGET_MS);
  if (queue.length > 0) scheduleRun();
  // The sections that came to life changed size: others may be near the viewport now.
  else if (lists.size > 0) scheduleCheck();
  else notifySettled();
}

function scheduleRun(): void {
  if (scheduled) return;
  scheduled = true;
  // A macrotask, so that the browser can paint and handle input between batches.
  setTimeout(runQueue, 0);
}

function notifySettled(): void {
  if (queue.length > 0 || scheduled || checkScheduled) return;
  const waiters = settledWaiters;
  settledWaiters = [];
  waiters.forEach((waiter) => setTimeout(waiter, 0));
}

function startListening(elements: Element[]): void {
  if (typeof ResizeObserver === 'function') {
    resizes ??= new ResizeObserver(scheduleCheck);
    // Elements of one list share a parent (a reference's column); observing it again is a no-op.
    for (const parent of new Set(elements.map((element) => element.parentElement))) if (parent) resizes.observe(parent);
  }
  if (listening) return;
  listening = true;
  window.addEventListener('scroll', scheduleCheck, {passive: true});
  window.addEventListener('resize', scheduleCheck, {passive: true});
}

function stopListening(): void {
  resizes?.disconnect();
  if (!listening) return;
  listening = false;
  window.removeEventListener('scroll', scheduleCheck);
  window.removeEventListener('resize', scheduleCheck);
}

/**
 * Calls `bringToLife(index)` once for each of `elements` (one above the other, in page order), when it
 * comes near the viewport. Returns a function that cancels the calls not made yet.
 */
export function liveNearViewport(elements: Element[], bringToLife: (index: number) => void): () => void {
  const list: LiveList = {elements, pending: elements.map((_, index) => () => bringToLife(index)), left: elements.length};
  if (elements.length === 0) return () => {};
  lists.add(list);
  startListening(elements);
  scheduleCheck();
  return () => {
    lists.delete(list);
    for (let index = queue.length - 1; index >= 0; index--) {
      if (elements.includes(queue[index]!.element)) queue.splice(index, 1);
    }
    if (lists.size === 0) stopListening();
    notifySettled();
  };
}

/** Calls `callback` once the elements near the viewport have come to life, and none is waiting to. */
export function whenNearbyLive(callback: () => void): void {
  settledWaiters.push(callback);
  notifySettled();
}
