/**
 * A console's sign-in for an OAuth 2 scheme (./oauth.ts): the flow, the client ID the provider
 * gave the site, the scopes (those the operation asks for ticked), and the button. The token it
 * gets goes into the scheme's token field, as if the reader had pasted it.
 */
import React, {useState} from 'react';
import {redirectUri, signIn, type BrowserFlow} from './oauth';

const FLOW_NAMES: Record<BrowserFlow['kind'], string> = {
  authorizationCode: 'Authorization code, with PKCE',
  implicit: 'Implicit',
};

const clientIds = new Map<string, string>();

export default function SignIn({scheme, flows, requiredScopes, idPrefix, onToken}: {scheme: string; flows: BrowserFlow[]; requiredScopes: string[]; idPrefix: string; onToken: (token: string) => void}) {
  const [flowIndex, setFlowIndex] = useState(0);
  const [clientId, setClientId] = useState(() => clientIds.get(scheme) ?? '');
  const [scopes, setScopes] = useState(() => new Set(requiredScopes));
  const [status, setStatus] = useState<{busy: boolean; message?: string; problem?: string}>({busy: false});
  const flow = flows[flowIndex] ?? flows[0]!;
  const id = `${idPrefix}-${scheme}-sign-in`;

  const start = async () => {
    setStatus({busy: true, message: 'Waiting for the sign-in window…'});
    const outcome = await signIn(flow, {clientId, scopes: flow.scopes.map(({name}) => name).filter((name) => scopes.has(name))});
    if ('token' in outcome) {
      onToken(outcome.token);
      setStatus({busy: false, message: 'Signed in: the access token is in the field above.'});
    } else {
      setStatus({busy: false, problem: outcome.problem});
    }
  };

  return (
    <details className="kit-console__sign-in">
      <summary>Sign in with OAuth 2 to get a token</summary>
      {flows.length > 1 && (
        <div className="kit-console__field">
          <label htmlFor={`${id}-flow`}>Flow</label>
          <select id={`${id}-flow`} value={flowIndex} onChange={(event) => setFlowIndex(Number(event.target.value))}>
            {flows.map((choice, index) => (
              <option key={choice.kind} value={index}>
                {FLOW_NAMES[choice.kind]}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="kit-console__field">
        <label htmlFor={`${id}-client`}>Client ID</label>
        <input
          id={`${id}-client`}
          autoComplete="off"
          value={clientId}
          aria-describedby={`${id}-redirect`}
          onChange={(event) => {
            setClientId(event.target.value);
            clientIds.set(scheme, event.target.value);
          }}
        />
        <p className="kit-console__hint" id={`${id}-redirect`}>
          The provider sends you back to this page: its address, <code>{redirectUri()}</code>, must be a redirect URI of this client.
        </p>
      </div>
      {flow.scopes.length > 0 && (
        <fieldset>
          <legend>Scopes</legend>
          {flow.scopes.map(({name, description}) => (
            <div className="kit-console__check" key={name}>
              <input
                id={`${id}-scope-${name}`}
                type="checkbox"
                checked={scopes.has(name)}
                onChange={(event) => {
                  const next = new Set(scopes);
                  if (event.target.checked) next.add(name);
                  else next.delete(name);
                  setScopes(next);
                }}
              />
              <label htmlFor={`${id}-scope-${name}`}>
                <code>{name}</code>
                {description ? `: ${description}` : ''}
              </label>
            </div>
          ))}
        </fieldset>
      )}
      <div className="kit-console__actions">
        <button type="button" className="button button--secondary" disabled={status.busy || clientId.trim() === ''} onClick={() => void start()}>
          Sign in
        </button>
      </div>
      <div aria-live="polite">
        {status.message && <p className="kit-console__hint">{status.message}</p>}
        {status.problem && <p role="alert">{status.problem}</p>}
      </div>
    </details>
  );
}
