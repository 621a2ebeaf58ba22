/**
 * The console of one operation, in a dialog over the page: it takes focus, keeps it inside, closes
 * on Escape and gives it back to its button. Every field of the request, the server or the mock to
 * send it to, the credentials, then the response: status, time, headers, body, and the request as
 * curl. A chunk of its own (../../shared/TryIt.tsx loads it).
 */
import React, {useEffect, useMemo, useRef, useState, type FormEvent} from 'react';
import {createPortal} from 'react-dom';
import {operationRequest, type RequestValues} from '../../shared/operationRequest';
import {curlCommand} from '../../shared/curlCommand';
import {afterNextFrame} from '../../shared/tasks';
import {consoleForm, initialValues, type ConsoleForm, type ParameterField} from './consoleForm';
import {mockResponse, type ConsoleResponse} from './mock';
import {sendRequest} from './send';
import {rememberedCredentials, rememberCredentials} from './credentials';
import SignIn from './SignIn';
import './console.css';

export interface ConsoleProps {
  /** The part of the spec the operation's section was built from (it holds the operation's servers, security and components). */
  spec: unknown;
  pathName: string;
  method: string;
  /** The operation's name, for the dialog's title. */
  title: string;
  /** The absolute URL a relative server is resolved against: where the spec is served. */
  base: string;
  /** Names the spec, for credentials the reader asks to remember. */
  specKey: string;
  /** Whether the console sends to the mock server until the reader picks another. */
  mockFirst: boolean;
  onClose: () => void;
}

/** The server choice that is the mock, not one of the spec's servers. */
const MOCK = -1;

let lastId = 0;
/** A prefix for the ids of one console's fields (React 17 has no `useId`). */
function useIdPrefix(): string {
  const [prefix] = useState(() => `kit-console-${++lastId}`);
  return prefix;
}

/** The console's parts in order: its header, where to send, credentials, parameters, then the body, Send and the response. */
const PARTS = 5;

/**
 * How many of the console's parts are on the page: the first with the press, then one more a frame,
 * so that no task renders and lays out the whole console (CHANGELOG, 1.3.1).
 */
function useShownParts(): number {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= PARTS) return undefined;
    let cancelled = false;
    void afterNextFrame().then(() => cancelled || setShown(shown + 1));
    return () => {
      cancelled = true;
    };
  }, [shown]);
  return shown;
}

/** What Tab reaches in `container`, in order. */
function focusables(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>('button, input, select, textarea, summary, [tabindex="0"]')).filter(
    // What a closed <details> holds keeps a box in Chromium, but Tab skips it.
    (element) => !element.hasAttribute('disabled') && element.getClientRects().length > 0 && !(element.tagName !== 'SUMMARY' && element.closest('details:not([open])')),
  );
}

type Outcome =
  | {state: 'idle'}
  | {state: 'sending'}
  | {state: 'done'; response: ConsoleResponse; milliseconds: number; mock: boolean}
  | {state: 'failed'; problem: string};

/** The body as the reader reads it: JSON indented, anything else as it came. */
function readableBody(response: ConsoleResponse): string {
  const type = response.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
  if (!/json/i.test(type)) return response.body;
  try {
    return JSON.stringify(JSON.parse(response.body), null, 2);
  } catch {
    return response.body;
  }
}

function ParameterInput({field, value, onChange, describedBy}: {field: ParameterField; value: string | undefined; onChange: (value: string | undefined) => void; describedBy: string}) {
  const id = `${describedBy}-input`;
  const common = {id, 'aria-describedby': describedBy, required: field.required};
  return (
    <div className="kit-console__field">
      <label htmlFor={id}>
        <code>{field.name}</code>
        {field.required ? ' (required)' : ''}
      </label>
      {field.enum ? (
        <select {...common} value={value ?? ''} onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}>
          {!field.required && <option value="">Not sent</option>}
          {field.enum.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : (
        <input {...common} {...field.input} value={value ?? ''} onChange={(event) => onChange(event.target.value === '' && !field.required ? undefined : event.target.value)} />
      )}
      <p className="kit-console__hint" id={describedBy}>
        {[field.type, ...field.constraints].join(', ')}
        {field.description ? `. ${field.description}` : ''}
      </p>
    </div>
  );
}

const LOCATIONS: {location: ParameterField['location']; legend: string}[] = [
  {location: 'path', legend: 'Path parameters'},
  {location: 'query', legend: 'Query parameters'},
  {location: 'header', legend: 'Headers'},
  {location: 'cookie', legend: 'Cookies'},
];

/** The console's request and response, a part a frame (`shown` of them, the shell's header being the first). */
function ConsoleBody({spec, pathName, method, base, specKey, mockFirst, idPrefix: hintIds, shown}: Omit<ConsoleProps, 'title' | 'onClose'> & {idPrefix: string; shown: number}) {
  const form = useMemo<ConsoleForm | undefined>(() => consoleForm(spec, pathName, method), [spec, pathName, method]);
  const [values, setValues] = useState(() => {
    if (!form) return undefined;
    const initial = initialValues(form);
    return {...initial, credentials: {...initial.credentials, ...rememberedCredentials(specKey)}};
  });
  const [server, setServer] = useState(mockFirst || !form?.servers.length ? MOCK : 0);
  const [remember, setRemember] = useState(() => Object.keys(rememberedCredentials(specKey, {stored: true})).length > 0);
  const [outcome, setOutcome] = useState<Outcome>({state: 'idle'});
  const request = useMemo(
    () => (values ? operationRequest(spec, pathName, method, {base}, {...values, server: server === MOCK ? 0 : server} as RequestValues) : undefined),
    [spec, pathName, method, base, values, server],
  );

  if (!form || !values || !request) return <p className="kit-console__hint">This operation cannot be sent from here: its path and method are not in the spec the page was built from.</p>;

  const update = (change: Partial<typeof values>) => setValues({...values, ...change});
  const setParameter = (key: string, value: string | undefined) => update({parameters: {...values.parameters, [key]: value}});
  // From the current values, not this render's: a sign-in's token arrives after other edits.
  const setCredential = (scheme: string, value: string) =>
    setValues((current) => {
      if (!current) return current;
      const credentials = {...current.credentials, [scheme]: value};
      rememberCredentials(specKey, credentials, remember);
      return {...current, credentials};
    });

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome({state: 'sending'});
    if (server === MOCK) {
      const started = performance.now();
      const response = mockResponse(spec, pathName, method, request);
      setOutcome({state: 'done', response, milliseconds: Math.round(performance.now() - started), mock: true});
      return;
    }
    const sent = await sendRequest(request);
    setOutcome('response' in sent ? {state: 'done', response: sent.response, milliseconds: sent.milliseconds, mock: false} : {state: 'failed', problem: sent.problem});
  };

  const requirement = form.security[values.security];
  const cookiesSent = request.cookies.length > 0 && server !== MOCK;

  return (
    <>
      <form onSubmit={send}>
        <fieldset>
          <legend>Send to</legend>
          <div className="kit-console__field">
            <label htmlFor={`${hintIds}-server`}>Server</label>
            <select id={`${hintIds}-server`} value={server} onChange={(event) => setServer(Number(event.target.value))}>
              <option value={MOCK}>Mock server: answers in this page, from the spec</option>
              {form.servers.map((choice, index) => (
                <option key={choice.url} value={index}>
                  {choice.url}
                  {choice.description ? `: ${choice.description}` : ''}
                </option>
              ))}
            </select>
          </div>
          {server !== MOCK &&
            (form.servers[server]?.variables ?? []).map((variable) => (
              <div className="kit-console__field" key={variable.name}>
                <label htmlFor={`${hintIds}-var-${variable.name}`}>
                  <code>{variable.name}</code>
                </label>
                {variable.enum ? (
                  <select id={`${hintIds}-var-${variable.name}`} value={values.variables[variable.name] ?? ''} onChange={(event) => update({variables: {...values.variables, [variable.name]: event.target.value}})}>
                    {variable.enum.map((option) => (
                      <option key={option}>{option}</option>
                    ))}
                  </select>
                ) : (
                  <input id={`${hintIds}-var-${variable.name}`} value={values.variables[variable.name] ?? ''} onChange={(event) => update({variables: {...values.variables, [variable.name]: event.target.value}})} />
                )}
              </div>
            ))}
        </fieldset>

        {shown > 2 && form.security.length > 0 && (
          <fieldset>
            <legend>Credentials</legend>
            {form.security.length > 1 && (
              <div className="kit-console__field">
                <label htmlFor={`${hintIds}-security`}>Authenticate with</label>
                <select id={`${hintIds}-security`} value={values.security} onChange={(event) => update({security: Number(event.target.value)})}>
                  {form.security.map((choice, index) => (
                    <option key={choice.label} value={index}>
                      {choice.label}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {requirement?.fields.map((field) =>
              field.kind === 'basic' ? (
                <div className="kit-console__field" key={field.scheme}>
                  <label htmlFor={`${hintIds}-${field.scheme}-user`}>Username</label>
                  <input
                    id={`${hintIds}-${field.scheme}-user`}
                    autoComplete="off"
                    value={(values.credentials[field.scheme] ?? '').split(':')[0]}
                    onChange={(event) => setCredential(field.scheme, `${event.target.value}:${(values.credentials[field.scheme] ?? '').split(':').slice(1).join(':')}`)}
                  />
                  <label htmlFor={`${hintIds}-${field.scheme}-password`}>Password</label>
                  <input
                    id={`${hintIds}-${field.scheme}-password`}
                    type="password"
                    autoComplete="off"
                    value={(values.credentials[field.scheme] ?? '').split(':').slice(1).join(':')}
                    onChange={(event) => setCredential(field.scheme, `${(values.credentials[field.scheme] ?? '').split(':')[0]}:${event.target.value}`)}
                  />
                </div>
              ) : (
                <div className="kit-console__field" key={field.scheme}>
                  <label htmlFor={`${hintIds}-${field.scheme}`}>{field.label}</label>
                  <input id={`${hintIds}-${field.scheme}`} type="password" autoComplete="off" value={values.credentials[field.scheme] ?? ''} onChange={(event) => setCredential(field.scheme, event.target.value)} />
                  {field.signIn && (
                    <SignIn scheme={field.scheme} flows={field.signIn.flows} requiredScopes={field.signIn.scopes} idPrefix={hintIds} onToken={(token) => setCredential(field.scheme, token)} />
                  )}
                </div>
              ),
            )}
            <div className="kit-console__check">
              <input
                id={`${hintIds}-remember`}
                type="checkbox"
                checked={remember}
                onChange={(event) => {
                  setRemember(event.target.checked);
                  rememberCredentials(specKey, values.credentials, event.target.checked);
                }}
              />
              <label htmlFor={`${hintIds}-remember`}>Remember them in this browser</label>
            </div>
            <p className="kit-console__hint">They go only to the server chosen above, and stay in this page unless you ask to remember them.</p>
          </fieldset>
        )}

        {shown > 3 &&
          LOCATIONS.map(({location, legend}) => {
            const fields = form.parameters.filter((field) => field.location === location);
            return (
              fields.length > 0 && (
                <fieldset key={location}>
                  <legend>{legend}</legend>
                  {fields.map((field, index) => (
                    <ParameterInput key={field.key} field={field} value={values.parameters[field.key] as string | undefined} onChange={(value) => setParameter(field.key, value)} describedBy={`${hintIds}-${location}-${index}`} />
                  ))}
                </fieldset>
              )
            );
          })}
        {shown > 3 && cookiesSent && <p className="kit-console__hint">A browser does not let a page set cookies for another site: the cookies above go with curl, not from here.</p>}

        {shown > 4 && form.body && (
          <div className="kit-console__field">
            <label htmlFor={`${hintIds}-body`}>
              Body <code>{form.body.mediaType}</code>
              {form.body.isForm ? ' (its fields, as JSON)' : ''}
            </label>
            <textarea id={`${hintIds}-body`} spellCheck={false} rows={Math.min(16, Math.max(4, (values.body ?? '').split('\n').length + 1))} value={values.body ?? ''} onChange={(event) => update({body: event.target.value})} />
          </div>
        )}

        {shown > 4 && (
          <div className="kit-console__actions">
            <button type="submit" className="button button--primary" disabled={outcome.state === 'sending'}>
              Send
            </button>
          </div>
        )}
      </form>

      {shown > 4 && (
        <>
          <section className="kit-console__response" aria-live="polite" aria-busy={outcome.state === 'sending'} aria-label="Response">
            {outcome.state === 'sending' && <p>Sending…</p>}
            {outcome.state === 'failed' && <p role="alert">{outcome.problem}</p>}
            {outcome.state === 'done' && (
              <>
                <p className="kit-console__status">
                  <strong>
                    {outcome.response.status} {outcome.response.statusText}
                  </strong>{' '}
                  in {outcome.milliseconds} ms{outcome.mock ? ', from the mock server' : ''}
                </p>
                {outcome.response.headers.length > 0 && (
                  <details>
                    <summary>Headers</summary>
                    <dl>
                      {outcome.response.headers.map(([name, value]) => (
                        <React.Fragment key={name}>
                          <dt>{name}</dt>
                          <dd>{value}</dd>
                        </React.Fragment>
                      ))}
                    </dl>
                  </details>
                )}
                {outcome.response.body !== '' && (
                  <pre className="kit-console__body" tabIndex={0} aria-label="Response body">
                    {readableBody(outcome.response)}
                  </pre>
                )}
              </>
            )}
          </section>

          <details className="kit-console__curl">
            <summary>The request as curl</summary>
            <pre tabIndex={0}>{curlCommand(request)}</pre>
          </details>
        </>
      )}
    </>
  );
}

export default function Console({spec, pathName, method, title, base, specKey, mockFirst, onClose}: ConsoleProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const hintIds = useIdPrefix();
  const headingId = `${hintIds}-heading`;
  const shown = useShownParts();

  // An open dialog, not a modal one, in a layer of its own at the end of <body>: `showModal()` makes
  // the rest of the page inert, a style change of every element it has (CHANGELOG, 1.3.1). The
  // layer keeps the pointer off the page, the page is hidden from assistive technology, and focus is
  // kept inside here and by `keepFocusInside`. Focus moves in once the browser has laid the
  // console out: in the press's own task, focusing would force that layout there.
  useEffect(() => {
    const element = dialog.current;
    if (!element) return undefined;
    let cancelled = false;
    void afterNextFrame().then(() => cancelled || focusables(element)[0]?.focus());
    // The rest of <body>, out of what assistive technology reads while the console is open (no
    // style rule reads `aria-hidden`, so this restyles nothing).
    const hidden = Array.from(document.body.children).filter((child) => child !== element.parentElement && !child.hasAttribute('aria-hidden'));
    for (const child of hidden) child.setAttribute('aria-hidden', 'true');
    const keepFocus = (event: FocusEvent) => {
      if (event.target instanceof Node && !element.contains(event.target)) focusables(element)[0]?.focus();
    };
    document.addEventListener('focusin', keepFocus);
    return () => {
      cancelled = true;
      for (const child of hidden) child.removeAttribute('aria-hidden');
      document.removeEventListener('focusin', keepFocus);
    };
  }, []);

  // Escape closes; Tab from the last field comes back to the first, and Shift+Tab the other way:
  // focus stays in the console, as a modal dialog's should.
  const keepFocusInside = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = focusables(event.currentTarget);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="kit-console-layer">
      <dialog ref={dialog} open className="kit-console" aria-modal="true" aria-labelledby={headingId} onKeyDown={keepFocusInside}>
        <div className="kit-console__header">
          <h2 id={headingId}>
            Try {method.toUpperCase()} <code>{pathName}</code>
            <span className="kit-console__title">{title}</span>
          </h2>
          <button type="button" className="kit-console__close" aria-label="Close the console" onClick={onClose}>
            ×
          </button>
        </div>
        {shown > 1 && <ConsoleBody spec={spec} pathName={pathName} method={method} base={base} specKey={specKey} mockFirst={mockFirst} idPrefix={hintIds} shown={shown} />}
      </dialog>
    </div>,
    document.body,
  );
}
