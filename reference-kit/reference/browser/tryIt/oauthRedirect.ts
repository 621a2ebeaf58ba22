/**
 * The other end of a console's sign-in (./oauth.ts): a reference page loaded in the sign-in window
 * at the address the provider sent the reader back to. It hands the query and the fragment to the
 * console waiting for that sign-in and closes the window. The console marks the sign-in it waits
 * for in localStorage, by its state; the answer goes over a BroadcastChannel (this site's pages
 * only), or to the opener as a message where storage is refused. A provider whose page sets a
 * Cross-Origin-Opener-Policy cuts the window from the console, which then sees it as closed: its
 * reader pastes the token instead.
 * Small and without imports: every reference page with consoles runs it as it starts.
 */

/** The name of the window a console opens for a sign-in. */
export const OAUTH_WINDOW_NAME = 'reference-kit-sign-in';
/** The channel a sign-in's answer goes over. */
export const SIGN_IN_CHANNEL = 'reference-kit:sign-in';

const ANSWER_KIND = 'reference-kit:sign-in';
const pendingKey = (state: string) => `reference-kit:sign-in:${state}`;

export interface SignInAnswer {
  kind: typeof ANSWER_KIND;
  query: string;
  fragment: string;
}

export function isSignInAnswer(data: unknown): data is SignInAnswer {
  const answer = data as Partial<SignInAnswer> | null;
  return typeof answer === 'object' && answer !== null && answer.kind === ANSWER_KIND && typeof answer.query === 'string' && typeof answer.fragment === 'string';
}

/** Marks a sign-in as waited for (true), or no longer (false); false where storage is refused. */
export function markSignIn(state: string, waiting: boolean): boolean {
  try {
    if (waiting) window.localStorage.setItem(pendingKey(state), String(Date.now()));
    else window.localStorage.removeItem(pendingKey(state));
    return true;
  } catch {
    return false;
  }
}

function waitedFor(state: string): boolean {
  try {
    return window.localStorage.getItem(pendingKey(state)) !== null;
  } catch {
    return false;
  }
}

/**
 * In a console's sign-in window, back from the provider: hands what came back to the console and
 * closes the window; true then. Anywhere else, nothing (false).
 */
export function answerSignIn(): boolean {
  const query = location.search.slice(1);
  const fragment = location.hash.slice(1);
  const state = new URLSearchParams(query).get('state') ?? new URLSearchParams(fragment).get('state');
  if (!state) return false;
  const answer: SignInAnswer = {kind: ANSWER_KIND, query, fragment};
  if (waitedFor(state) && typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(SIGN_IN_CHANNEL);
    channel.postMessage(answer);
    channel.close();
  } else if (window.name === OAUTH_WINDOW_NAME && window.opener) {
    (window.opener as Window).postMessage(answer, location.origin);
  } else {
    return false;
  }
  window.close();
  return true;
}
