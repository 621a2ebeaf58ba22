import type {ConsoleMessage, Page} from '@playwright/test';

/** What went wrong in a page while a test ran: uncaught errors and console output. */
export interface PageProblems {
  /** Uncaught exceptions and unhandled promise rejections (`pageerror`). */
  pageErrors: string[];
  /** `console.error` messages (including the browser's own "Failed to load resource" lines). */
  consoleErrors: string[];
  /** `console.warn` messages. */
  consoleWarnings: string[];
  /** Content-Security-Policy violations the page reported (`securitypolicyviolation` events). */
  cspViolations: string[];
}

/** How the page hands its policy violations to the test: a console error with this prefix. */
const CSP_VIOLATION = 'Content-Security-Policy violation:';

function describe(message: ConsoleMessage): string {
  const location = message.location();
  return location.url ? `${message.text()} (${location.url}:${location.lineNumber})` : message.text();
}

/**
 * Starts collecting page errors and console errors/warnings for `page`.
 * Attach it before the first `page.goto` so nothing is missed; the returned
 * arrays fill as the page runs.
 */
export function collectPageProblems(page: Page): PageProblems {
  const problems: PageProblems = {pageErrors: [], consoleErrors: [], consoleWarnings: [], cspViolations: []};
  page.on('pageerror', (error) => problems.pageErrors.push(`${error.name}: ${error.message}`));
  // Registered before any navigation: Playwright sends it ahead of the test's first goto.
  void page.addInitScript((prefix) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`${prefix} ${event.effectiveDirective} blocked ${event.blockedURI || 'inline code'} (${event.sourceFile}:${event.lineNumber})`);
    });
  }, CSP_VIOLATION);
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith(CSP_VIOLATION)) problems.cspViolations.push(message.text());
    if (message.type() === 'error') problems.consoleErrors.push(describe(message));
    else if (message.type() === 'warning') problems.consoleWarnings.push(describe(message));
  });
  return problems;
}

/** Waits until React has hydrated the server-rendered page (Docusaurus sets `data-has-hydrated`). */
export async function waitForHydration(page: Page, timeout = 20_000): Promise<void> {
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached', timeout});
}
