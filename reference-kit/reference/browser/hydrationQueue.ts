/**
 * When each server-rendered section of a reference comes to life in the browser.
 *
 * A section is woken when it comes within a screen's height of the viewport. Wakes run
 * in separate tasks, a few milliseconds of them at a time, so that a phone never blocks
 * for the whole reference at once: the sections in the viewport first, then the nearest.
 *
 * The sections of a reference are one above the other, in page order: which are near the viewport
 * is found by a binary search on their positions when the page scrolls or is resized, after
 * sections have come to life, and whenever the column that holds them changes height. Sections move
 * without a scroll when those above or below them change size: filled with the server's HTML,
 * rendered, or their estimates refitted (./heightFit.ts); at the end of the page, where the reader
 * scrolls no more, the last section came into view that way and never woke. An IntersectionObserver
 * of every section did the same at a cost in every frame that grows with the spec: on a phone, 10
 * to 20 ms a frame for a thousand sections; one ResizeObserver of the column costs a callback when
 * its height changes.
 */

type Wake = () => void;

/** Work per task before yielding to the browser; one section always runs, however long it takes. */
const TASK_BUDGET_MS = 8;

/** Elements in page order, one above the other, each with its wake until it has run. */
interface WakeList {
  elements: Element[];
  wakes: (Wake | undefined)[];
  left: number;
}

const lists = new Set<WakeList>();
const queue: {element: Element; wake: Wake; distance: number}[] = [];
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

/** Queues the wakes of the elements within a screen of the viewport. */
function check(): void {
  checkScheduled = false;
  const margin = window.innerHeight;
  for (const list of lists) {
    const {elements, wakes} = list;
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
      const wake = wakes[index];
      if (!wake) continue;
      wakes[index] = undefined;
      list.left -= 1;
      queue.push({element: elements[index]!, wake, distance: distanceFromViewport(rect)});
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
    next.wake();
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
 * Calls `wake(index)` once for each of `elements` (one above the other, in page order), when it
 * comes near the viewport. Returns a function that cancels the wakes not run yet.
 */
export function wakeNearViewport(elements: Element[], wake: (index: number) => void): () => void {
  const list: WakeList = {elements, wakes: elements.map((_, index) => () => wake(index)), left: elements.length};
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

/** Calls `callback` once the elements near the viewport have come to life, and no wake is waiting. */
export function afterNearbyWakes(callback: () => void): void {
  settledWaiters.push(callback);
  notifySettled();
}
