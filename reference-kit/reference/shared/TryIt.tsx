/**
 * An operation's "Try it" button, which Redoc's patch renders at the top of the operation's right
 * panel where the kit gives it (`kitTryIt` on Redoc's options: `withTryIt`). The server writes the
 * button, so that it has its room in the held section, and a noscript style hides it from a
 * browser without scripts. The console (../browser/tryIt/Console.tsx) is a chunk of its own,
 * fetched when the reader points at the button or focuses it, and run when they press it: a page
 * whose reader never opens a console loads none of its code.
 */
import React, {useCallback, useEffect, useRef, useState} from 'react';
import type {OperationModel, RedocNormalizedOptions} from 'redoc';
import type {ConsoleProps} from '../browser/tryIt/Console';
import {importConsole} from '../browser/tryIt/consoleChunk';
import {answerSignIn} from '../browser/tryIt/oauthRedirect';

type ConsoleComponent = (props: ConsoleProps) => React.ReactElement | null;

let consoleChunk: Promise<ConsoleComponent> | undefined;
/** The console's chunk, fetched once; after a failure (offline), fetched again on the next try. */
function loadConsole(): Promise<ConsoleComponent> {
  consoleChunk ??= importConsole().then(
    (module) => module.default,
    (error: unknown) => {
      consoleChunk = undefined;
      throw error;
    },
  );
  return consoleChunk;
}
/** Fetches the chunk ahead of a click; a failure then is reported by the click. */
const prefetchConsole = () => void loadConsole().catch(() => undefined);

/** The rule that hides the buttons from a browser without scripts, where they could do nothing. */
export const TRY_IT_HIDDEN_WITHOUT_SCRIPTS = '.redocusaurus .kit-try-it{display:none}';

/** A spec's console, as the kit's `tryIt` option sets it (../../lib/tryIt.js). */
export interface TryItOptions {
  /** Open the console on the mock server rather than the spec's first server. */
  mockFirst: boolean;
}

/** The button, and the console once opened, for one operation of a spec served at `specUrl`. */
export default function TryIt({operation, specUrl, options}: {operation: OperationModel; specUrl: string | undefined; options: TryItOptions}) {
  // Redoc's types mark the parser private; it holds the part of the spec the section was built from.
  const {spec} = (operation as unknown as {parser: {spec: {info: {title: string}}}}).parser;
  const [Console, setConsole] = useState<ConsoleComponent>();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string>();
  const button = useRef<HTMLButtonElement>(null);

  const openConsole = useCallback(() => {
    loadConsole().then(
      (component) => {
        setConsole(() => component);
        setProblem(undefined);
        setOpen(true);
      },
      () => setProblem('The console could not be loaded: check your connection, then try again.'),
    );
  }, []);
  const close = useCallback(() => setOpen(false), []);
  // Focus goes back to the button once the console has gone (the console keeps it while open).
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);

  return (
    <div className="kit-try-it">
      <button ref={button} type="button" className="kit-try-it__button" aria-haspopup="dialog" onPointerEnter={prefetchConsole} onFocus={prefetchConsole} onClick={openConsole}>
        Try it
      </button>
      {problem && <p role="alert">{problem}</p>}
      {open && Console && (
        <Console
          spec={spec}
          pathName={operation.path}
          method={operation.httpVerb}
          title={operation.name}
          base={new URL(specUrl ?? '', window.location.href).href}
          specKey={specUrl ?? spec.info.title}
          mockFirst={options.mockFirst}
          onClose={close}
        />
      )}
    </div>
  );
}

/**
 * Redoc's options with the "Try it" control of a spec whose data says to have one (`tryIt`).
 * @param specUrl Where the spec is served: a relative server is relative to it.
 */
export function withTryIt<T extends RedocNormalizedOptions>(options: T, tryIt: TryItOptions | undefined, specUrl: string | undefined): T {
  if (!tryIt) return options;
  // A page opened by a console's sign-in, back from the provider, hands over what came back and closes.
  if (typeof window !== 'undefined') answerSignIn();
  const control = ({operation}: {operation: OperationModel}) => <TryIt operation={operation} specUrl={specUrl} options={tryIt} />;
  return Object.assign(options, {kitTryIt: control});
}
