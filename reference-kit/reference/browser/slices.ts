/**
 * Work done a slice at a time, so that the browser paints and answers input in between: a page
 * reached by a click reads its built HTML and puts a large reference into the page this way
 * (./LiveReference.tsx, ./builtPage.ts, ./sectionAdoption.ts).
 */
import {afterNextFrame, nextTask} from '../shared/tasks';

/** Main-thread work per task, in milliseconds, before yielding to the browser. */
const TASK_BUDGET_MS = 8;

/** Bytes of a response's body decoded per step. */
const DECODE_STEP = 64 * 1024;

/** A unit of work; a generator of them yields where a task may end. */
export type Step = () => void;

/**
 * Runs `steps` in order, in tasks of about `TASK_BUDGET_MS` each, or with `oneStepPerFrame` one step
 * per frame (steps that add to the page: the browser styles and lays out what was added in the next
 * frame, work that grows with what was added); rejects if `signal` aborts.
 */
export async function runInSlices(steps: Iterable<Step | void>, signal: AbortSignal, oneStepPerFrame = false): Promise<void> {
  let start = performance.now();
  for (const step of steps) {
    if (signal.aborted) throw new DOMException('The reference was left', 'AbortError');
    if (typeof step === 'function') step();
    if (oneStepPerFrame) {
      // After the next frame: its style and layout are then those of this step's additions alone.
      await afterNextFrame();
      start = performance.now();
    } else if (performance.now() - start > TASK_BUDGET_MS) {
      await nextTask();
      start = performance.now();
    }
  }
  if (signal.aborted) throw new DOMException('The reference was left', 'AbortError');
}

/**
 * A response's body as text (UTF-8, as the build writes pages), decoded in tasks of about
 * `TASK_BUDGET_MS` as it arrives. `Response.text()` decodes the whole body in one task, which grows
 * with the page (CHANGELOG, 1.4.1).
 */
export async function responseText(response: Response): Promise<string> {
  if (!response.body) return response.text();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let start = performance.now();
  for (;;) {
    const {done, value} = await reader.read();
    if (done) break;
    for (let at = 0; at < value.length; at += DECODE_STEP) {
      parts.push(decoder.decode(value.subarray(at, at + DECODE_STEP), {stream: true}));
      if (performance.now() - start > TASK_BUDGET_MS) {
        await nextTask();
        start = performance.now();
      }
    }
  }
  parts.push(decoder.decode());
  return parts.join('');
}
