/**
 * Signing in from a console with an OAuth 2 flow a browser can run: the authorization code flow
 * with PKCE, and the implicit flow. The provider's page opens in a window of its own; it sends the
 * reader back to this page (the redirect URI, which the provider must know), whose reference hands
 * what came back to the console waiting for it (./oauthRedirect.ts) and closes the window. The
 * code is then exchanged for a token at the flow's token URL, from this page (the provider must
 * allow it: CORS). Other flows (client credentials, password) need a secret a page should not hold:
 * their token is pasted into the token field.
 */
import {OAUTH_WINDOW_NAME, SIGN_IN_CHANNEL, isSignInAnswer, markSignIn} from './oauthRedirect';

export interface BrowserFlow {
  kind: 'authorizationCode' | 'implicit';
  authorizationUrl: string;
  tokenUrl?: string;
  /** The flow's scopes, by name, with their descriptions. */
  scopes: {name: string; description: string}[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a spec's values are of any type until checked
type SpecObject = Record<string, any>;
const isObject = (value: unknown): value is SpecObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An absolute http(s) URL of a spec, else nothing: the page opens it and sends a code to it. */
function webUrl(value: unknown, base: string): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The flows of an OAuth 2 scheme that a browser can run, in the order a reader would pick them. */
export function browserFlowsOf(scheme: SpecObject, base: string): BrowserFlow[] {
  if (scheme.type !== 'oauth2' || !isObject(scheme.flows)) return [];
  const flows: BrowserFlow[] = [];
  for (const kind of ['authorizationCode', 'implicit'] as const) {
    const flow: unknown = Object.prototype.hasOwnProperty.call(scheme.flows, kind) ? scheme.flows[kind] : undefined;
    if (!isObject(flow)) continue;
    const authorizationUrl = webUrl(flow.authorizationUrl, base);
    const tokenUrl = kind === 'authorizationCode' ? webUrl(flow.tokenUrl, base) : undefined;
    if (!authorizationUrl || (kind === 'authorizationCode' && !tokenUrl)) continue;
    const scopes = isObject(flow.scopes) ? Object.entries(flow.scopes).map(([name, description]) => ({name, description: typeof description === 'string' ? description : ''})) : [];
    flows.push({kind, authorizationUrl, tokenUrl, scopes});
  }
  return flows;
}

/** The address the provider sends the reader back to: this page, without its query and hash. */
export function redirectUri(): string {
  return `${location.origin}${location.pathname}`;
}

function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function randomText(bytes: number): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

async function challengeOf(verifier: string): Promise<string> {
  return base64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
}

export type SignInOutcome = {token: string} | {problem: string};

/** What the provider sent back to the redirect URI, or why the window gave nothing. */
function answerFrom(popup: Window, state: string): Promise<URLSearchParams | {problem: string}> {
  return new Promise((resolve) => {
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(SIGN_IN_CHANNEL) : undefined;
    const finish = (result: URLSearchParams | {problem: string}) => {
      window.removeEventListener('message', onMessage);
      channel?.close();
      window.clearInterval(watch);
      markSignIn(state, false);
      resolve(result);
    };
    const take = (data: unknown) => {
      if (!isSignInAnswer(data)) return;
      const params = new URLSearchParams(data.query);
      new URLSearchParams(data.fragment).forEach((value, name) => params.set(name, value));
      // Only the answer to this sign-in.
      if (params.get('state') === state) finish(params);
    };
    // From this site's own page in the window this console opened.
    const onMessage = (event: MessageEvent) => {
      if (event.origin === location.origin && event.source === popup) take(event.data);
    };
    window.addEventListener('message', onMessage);
    channel?.addEventListener('message', (event) => take(event.data));
    // A window that closed is given a moment: its answer may still be on its way.
    let closedAt: number | undefined;
    const watch = window.setInterval(() => {
      if (!popup.closed) return;
      closedAt ??= Date.now();
      if (Date.now() - closedAt > 2_000) finish({problem: 'The sign-in window was closed before the provider sent you back.'});
    }, 250);
  });
}

/** Exchanges an authorization code for a token at the flow's token URL, from this page. */
async function tokenFor(flow: BrowserFlow, clientId: string, code: string, verifier: string): Promise<SignInOutcome> {
  let response: Response;
  try {
    response = await fetch(flow.tokenUrl!, {
      method: 'POST',
      headers: {'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json'},
      body: new URLSearchParams({grant_type: 'authorization_code', code, redirect_uri: redirectUri(), client_id: clientId, code_verifier: verifier}).toString(),
    });
  } catch {
    return {problem: `The token URL (${new URL(flow.tokenUrl!).origin}) did not answer this page: it is unreachable, or it does not allow requests from this site (CORS).`};
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const fields = isObject(body) ? body : {};
  if (!response.ok || typeof fields.access_token !== 'string') {
    const reason = typeof fields.error_description === 'string' ? fields.error_description : typeof fields.error === 'string' ? fields.error : `${response.status} ${response.statusText}`.trim();
    return {problem: `The token URL refused the code: ${reason}.`};
  }
  return {token: fields.access_token};
}

/**
 * Signs in with `flow`: opens the provider's page in a window, waits for the reader to come back,
 * and gives the access token, or what went wrong in words.
 */
export async function signIn(flow: BrowserFlow, {clientId, scopes}: {clientId: string; scopes: string[]}): Promise<SignInOutcome> {
  const state = randomText(16);
  const verifier = randomText(48);
  const url = new URL(flow.authorizationUrl);
  const params: Record<string, string> = {
    response_type: flow.kind === 'authorizationCode' ? 'code' : 'token',
    client_id: clientId,
    redirect_uri: redirectUri(),
    state,
  };
  if (scopes.length > 0) params.scope = scopes.join(' ');
  markSignIn(state, true);
  // The window opens before any await: a browser allows it only in the click's own task.
  const popup = window.open('about:blank', OAUTH_WINDOW_NAME, 'popup,width=560,height=720');
  if (!popup) {
    markSignIn(state, false);
    return {problem: 'The browser blocked the sign-in window. Allow pop-ups for this site, or paste a token.'};
  }
  if (flow.kind === 'authorizationCode') {
    params.code_challenge = await challengeOf(verifier);
    params.code_challenge_method = 'S256';
  }
  Object.entries(params).forEach(([name, value]) => url.searchParams.set(name, value));
  popup.location.href = url.href;
  const answer = await answerFrom(popup, state);
  popup.close();
  if (!(answer instanceof URLSearchParams)) return answer;
  const error = answer.get('error');
  if (error) return {problem: `The provider did not sign you in: ${answer.get('error_description') ?? error}.`};
  if (flow.kind === 'implicit') {
    const token = answer.get('access_token');
    return token ? {token} : {problem: 'The provider sent you back without a token.'};
  }
  const code = answer.get('code');
  return code ? tokenFor(flow, clientId, code, verifier) : {problem: 'The provider sent you back without a code.'};
}
