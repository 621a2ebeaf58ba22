/**
 * bench/trace-breakdown.ts's long tasks after a mark, on made-up traces: the page's tasks count,
 * the harness's (DevTools messages: Playwright's queries and waits) do not. Node only.
 */
import {expect, test} from '@playwright/test';
import {longTasksAfterMark, type Trace, type TraceEvent} from '../../bench/trace-breakdown';

const PAGE = {pid: 1, tid: 7};
const event = (name: string, ts: number, dur: number, args: TraceEvent['args'] = {}): TraceEvent => ({name, cat: 'devtools.timeline', ph: 'X', ...PAGE, ts, dur, args});
const mark: TraceEvent = {name: 'bench:press', cat: 'blink.user_timing', ph: 'R', ...PAGE, ts: 1_000, args: {}};
const devToolsMessage = (ts: number, dur: number) =>
  event('Receive mojo message', ts, dur, {chrome_mojo_event_info: {mojo_interface_tag: 'blink.mojom.DevToolsSession'}});

test("the page's tasks after the mark count; a task that handles a DevTools message is the harness's and does not", () => {
  const trace: Trace = {
    traceEvents: [
      mark,
      // Before the mark: not counted.
      event('RunTask', 0, 200_000),
      // The press: a click handled by the page.
      event('RunTask', 10_000, 120_000),
      event('EventDispatch', 11_000, 100_000, {data: {type: 'click'}}),
      // Playwright waiting for the dialog by its role, at 4× CPU on a large page.
      event('RunTask', 200_000, 300_000),
      devToolsMessage(200_500, 299_000),
      // Another mojo message, not DevTools': the page's (a fetch's answer, say).
      event('RunTask', 600_000, 80_000),
      event('Receive mojo message', 600_500, 79_000, {chrome_mojo_event_info: {mojo_interface_tag: 'network.mojom.URLLoaderClient'}}),
      // Short: not a long task.
      event('RunTask', 700_000, 40_000),
    ],
  };
  expect(longTasksAfterMark(trace, 'bench:press')).toEqual([
    {start: 9, duration: 120},
    {start: 599, duration: 80},
  ]);
});
