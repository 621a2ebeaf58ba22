/**
 * The console's request to a real server, and what went wrong in words a developer reads: the
 * browser gives a script the same TypeError for a CORS refusal, a network error and a request its
 * page's Content-Security-Policy blocks, so the console tells them apart itself.
 */
import {urlWithQuery, type OperationRequest} from '../../shared/operationRequest';
import type {ConsoleResponse} from './mock';

/** How long the console waits for an answer. */
export const ANSWER_TIMEOUT_MS = 30_000;

/** The outcome of a request: a response, or why there is none. */
export type SendOutcome = {ok: true; response: ConsoleResponse; milliseconds: number} | {ok: false; problem: string; milliseconds: number};

/** What `fetch` is given for the request: its headers and body as the browser sends them. */
function fetchInit(request: OperationRequest, signal: AbortSignal): RequestInit {
  const headers = new Headers();
  for (const pair of request.headers) headers.append(pair.name, pair.value);
  let body: BodyInit | undefined;
  // A browser sends no body with GET or HEAD (fetch throws), whatever the spec describes.
  if (request.method === 'GET' || request.method === 'HEAD') {
    body = undefined;
  } else if (request.body?.params) {
    if (/^multipart\//i.test(request.body.mediaType)) {
      const form = new FormData();
      for (const pair of request.body.params) form.append(pair.name, pair.value);
      body = form;
      // The browser writes the type with its boundary.
      headers.delete('content-type');
    } else {
      body = new URLSearchParams(request.body.params.map((pair) => [pair.name, pair.value]));
    }
  } else if (request.body) {
    body = request.body.text ?? '';
  }
  // Credentials go only where the reader sends them: never the site's own cookies to another site.
  return {method: request.method, headers, body, signal, mode: 'cors', credentials: 'omit', redirect: 'follow', cache: 'no-store'};
}

/** The policy's refusals of requests to `origin` while `during` runs. */
async function policyRefusals<T>(origin: string, during: () => Promise<T>): Promise<{result: T; refused: boolean}> {
  let refused = false;
  const listener = (event: SecurityPolicyViolationEvent) => {
    if (event.effectiveDirective === 'connect-src' && event.blockedURI.startsWith(origin)) refused = true;
  };
  document.addEventListener('securitypolicyviolation', listener);
  try {
    const result = await during();
    // The event is dispatched in a task of its own, after the fetch has failed.
    await new Promise((resolve) => setTimeout(resolve, 0));
    return {result, refused};
  } finally {
    document.removeEventListener('securitypolicyviolation', listener);
  }
}

/** Sends `request` from the page and reads its response. */
export async function sendRequest(request: OperationRequest): Promise<SendOutcome> {
  const url = urlWithQuery(request);
  const {origin, host} = new URL(url);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ANSWER_TIMEOUT_MS);
  const started = performance.now();
  try {
    const {result, refused} = await policyRefusals(origin, () => fetch(url, fetchInit(request, controller.signal)).then((response) => ({response}), (error: unknown) => ({error})));
    const milliseconds = Math.round(performance.now() - started);
    if ('response' in result) {
      const {response} = result;
      return {ok: true, milliseconds, response: {status: response.status, statusText: response.statusText, headers: [...response.headers.entries()], body: await response.text()}};
    }
    if (controller.signal.aborted) return {ok: false, milliseconds, problem: `${host} did not answer within ${ANSWER_TIMEOUT_MS / 1000} seconds.`};
    if (refused) {
      return {ok: false, milliseconds, problem: `This site's Content-Security-Policy does not allow requests to ${origin}, so the browser did not send it. The site's owner can add it to the policy's connect-src.`};
    }
    // A request the server cannot be asked to share (no-cors) still reaches it: if that succeeds,
    // the server answered, and refused this site the response.
    const answered = await fetch(url, {method: request.method === 'GET' || request.method === 'HEAD' ? request.method : 'GET', mode: 'no-cors', credentials: 'omit', signal: controller.signal}).then(
      () => true,
      () => false,
    );
    return {
      ok: false,
      milliseconds,
      problem: answered
        ? `${host} answered, but does not let this site read its response (CORS): the server must allow the origin ${location.origin}, with Access-Control-Allow-Origin, and the request's method and headers. curl, or the samples, are not limited by CORS.`
        : `${host} could not be reached: the address may be wrong, the server down, or the network unavailable.`,
    };
  } finally {
    clearTimeout(timer);
  }
}
