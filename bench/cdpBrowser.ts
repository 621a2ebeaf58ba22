/**
 * Chromium driven over the DevTools protocol alone (a pipe, no Playwright), for the recordings the
 * benchmarks time: a cold load (trace-breakdown.ts) and a click-through (clickThrough.ts).
 *
 * Playwright turns on DevTools' network domain in every page, and with it Chromium decodes each text
 * response in full for the network panel, on the page's main thread, work that grows with the page's
 * HTML (reference-kit/CHANGELOG.md, 1.4.1). A reader's browser does no such work, so these
 * recordings leave the network domain off; the page is still driven from outside (its DevTools
 * messages are the harness's tasks, which `longTasksAfterMark` leaves out).
 */
import {spawn, type ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {StringDecoder} from 'node:string_decoder';
import type {Readable, Writable} from 'node:stream';
import {BENCH_CHROMIUM, CHROME_FLAGS, phone} from './browser';

// The protocol's messages are JSON of many shapes; each call site knows the one it asked for.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Message = any;
type Listener = (params: Message, sessionId: string | undefined) => void;

const CALL_TIMEOUT_MS = 300_000;

export class CdpBrowser {
  private nextId = 0;
  private readonly pending = new Map<number, {resolve: (result: Message) => void; reject: (error: Error) => void; method: string}>();
  private readonly listeners = new Set<{method: string; sessionId?: string; listener: Listener}>();

  private constructor(
    private readonly child: ChildProcess,
    private readonly input: Writable,
    private readonly profile: string,
  ) {}

  /** A new headless Chromium (the benchmarks' unless told) with a fresh profile, Lighthouse's flags and a DevTools pipe. */
  static async launch(executable = BENCH_CHROMIUM): Promise<CdpBrowser> {
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cdp-'));
    const child = spawn(executable, [...CHROME_FLAGS, '--remote-debugging-pipe', `--user-data-dir=${profile}`, 'about:blank'], {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
    });
    const browser = new CdpBrowser(child, child.stdio[3] as Writable, profile);
    const decoder = new StringDecoder('utf8');
    let buffered = '';
    (child.stdio[4] as Readable).on('data', (chunk: Buffer) => {
      buffered += decoder.write(chunk);
      for (let end = buffered.indexOf('\0'); end >= 0; end = buffered.indexOf('\0')) {
        const message = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        browser.receive(JSON.parse(message) as Message);
      }
    });
    child.once('exit', () => browser.rejectAll(new Error('Chromium exited')));
    await browser.send('Browser.getVersion');
    return browser;
  }

  /** Sends a command to the browser, or to a page's session; resolves with its result. */
  send(method: string, params: object = {}, sessionId?: string): Promise<Message> {
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${method}: no answer in ${CALL_TIMEOUT_MS / 1000} s`));
      }, CALL_TIMEOUT_MS);
      this.pending.set(id, {
        method,
        resolve: (result) => {
          clearTimeout(timer);
          resolve(result);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      this.input.write(`${JSON.stringify({id, method, params, ...(sessionId ? {sessionId} : {})})}\0`);
    });
  }

  /** The next event `method` (of a page's session when given), within `timeoutMs`. */
  waitForEvent(method: string, sessionId: string | undefined, timeoutMs: number): Promise<Message> {
    return new Promise((resolve, reject) => {
      const entry = {
        method,
        sessionId,
        listener: (params: Message) => {
          clearTimeout(timer);
          this.listeners.delete(entry);
          resolve(params);
        },
      };
      const timer = setTimeout(() => {
        this.listeners.delete(entry);
        reject(new Error(`no ${method} in ${timeoutMs / 1000} s`));
      }, timeoutMs);
      this.listeners.add(entry);
    });
  }

  /** A new page (a tab), attached. */
  async newPage(): Promise<CdpPage> {
    const {targetId} = await this.send('Target.createTarget', {url: 'about:blank'});
    const {sessionId} = await this.send('Target.attachToTarget', {targetId, flatten: true});
    const page = new CdpPage(this, sessionId as string);
    await page.send('Page.enable');
    return page;
  }

  /** Starts recording a trace of every process, as Playwright's `startTracing` does. */
  async startTracing(categories: string[]): Promise<void> {
    await this.send('Tracing.start', {transferMode: 'ReturnAsStream', categories: categories.join(',')});
  }

  /** Stops the trace and reads it: the JSON of a trace file. */
  async stopTracing(): Promise<string> {
    const complete = this.waitForEvent('Tracing.tracingComplete', undefined, CALL_TIMEOUT_MS);
    await this.send('Tracing.end');
    const {stream} = await complete;
    const parts: Buffer[] = [];
    for (;;) {
      const {data, base64Encoded, eof} = await this.send('IO.read', {handle: stream, size: 1 << 22});
      parts.push(Buffer.from(data as string, base64Encoded ? 'base64' : 'utf8'));
      if (eof) break;
    }
    await this.send('IO.close', {handle: stream});
    return Buffer.concat(parts).toString('utf8');
  }

  async close(): Promise<void> {
    const exited = this.child.exitCode !== null || this.child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => this.child.once('exit', resolve));
    await this.send('Browser.close').catch(() => undefined);
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    this.child.kill('SIGKILL');
    fs.rmSync(this.profile, {recursive: true, force: true});
  }

  private receive(message: Message): void {
    if (typeof message.id === 'number') {
      const call = this.pending.get(message.id);
      if (!call) return;
      this.pending.delete(message.id);
      if (message.error) call.reject(new Error(`${call.method}: ${message.error.message as string}`));
      else call.resolve(message.result);
      return;
    }
    for (const entry of [...this.listeners]) {
      if (entry.method === message.method && (entry.sessionId === undefined || entry.sessionId === message.sessionId)) {
        entry.listener(message.params, message.sessionId);
      }
    }
  }

  private rejectAll(error: Error): void {
    for (const call of this.pending.values()) call.reject(error);
    this.pending.clear();
  }
}

/** A page of a `CdpBrowser`: its session's commands, and what the benchmarks do with a page. */
export class CdpPage {
  constructor(
    private readonly browser: CdpBrowser,
    readonly sessionId: string,
  ) {}

  send(method: string, params: object = {}): Promise<Message> {
    return this.browser.send(method, params, this.sessionId);
  }

  /** The benchmarks' phone (./browser.ts, `phone`), at another width when given. */
  async emulatePhone(width?: number): Promise<void> {
    const {viewport, deviceScaleFactor, isMobile, hasTouch} = phone(width);
    await this.send('Emulation.setDeviceMetricsOverride', {width: viewport!.width, height: viewport!.height, deviceScaleFactor, mobile: isMobile});
    await this.send('Emulation.setTouchEmulationEnabled', {enabled: hasTouch, maxTouchPoints: 1});
  }

  /** Runs `script(arg)` in every document of the page, before its own scripts. */
  async addInitScript<A>(script: (arg: A) => void, arg: A): Promise<void> {
    await this.send('Page.addScriptToEvaluateOnNewDocument', {source: `(${script.toString()})(${JSON.stringify(arg)})`});
  }

  /** `fn(arg)` in the page, awaited; its result as JSON. `fn` must not use names from its module. */
  async evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R> {
    const {result, exceptionDetails} = await this.send('Runtime.evaluate', {
      expression: `(${fn.toString()})(${JSON.stringify(arg ?? null)})`,
      awaitPromise: true,
      returnByValue: true,
    });
    if (exceptionDetails) throw new Error(`in the page: ${(exceptionDetails.exception?.description as string | undefined) ?? (exceptionDetails.text as string)}`);
    return result.value as R;
  }

  waitForTimeout(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }

  /** Evaluates `fn(arg)` every 100 ms until it gives a value other than `false` or `undefined`, and returns it; throws after `timeoutMs`. */
  async waitForFunction<R, A>(what: string, fn: (arg: A) => R | false | undefined, arg: A, timeoutMs: number): Promise<R> {
    const started = Date.now();
    for (;;) {
      const value = await this.evaluate(fn, arg);
      if (value !== false && value !== undefined && value !== null) return value as R;
      if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
      await this.waitForTimeout(100);
    }
  }

  /** Navigates, and waits for the load event. */
  async goto(url: string, timeoutMs: number): Promise<void> {
    const loaded = this.browser.waitForEvent('Page.loadEventFired', this.sessionId, timeoutMs);
    const {errorText} = await this.send('Page.navigate', {url});
    if (errorText) throw new Error(`${url}: ${errorText as string}`);
    await loaded;
  }

  /** A press and release of the mouse's left button at (x, y), in CSS pixels of the viewport. */
  async click(x: number, y: number): Promise<void> {
    await this.send('Input.dispatchMouseEvent', {type: 'mouseMoved', x, y});
    await this.send('Input.dispatchMouseEvent', {type: 'mousePressed', x, y, button: 'left', clickCount: 1});
    await this.send('Input.dispatchMouseEvent', {type: 'mouseReleased', x, y, button: 'left', clickCount: 1});
  }
}
