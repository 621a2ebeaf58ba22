/**
 * The credentials a reader typed into a console: kept for the page (every operation's console of
 * the same spec starts with them), and in localStorage only when the reader asks to remember them.
 */

/** Credentials by spec, for this page. */
const inPage = new Map<string, Record<string, string>>();

const storageKey = (specKey: string) => `reference-kit:credentials:${specKey}`;

function stored(specKey: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(storageKey(specKey)) ?? '{}');
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    // No storage (a private window's), or another script's value: nothing remembered.
    return {};
  }
}

/** The credentials for a spec's console: this page's, else those the reader asked to remember. */
export function rememberedCredentials(specKey: string, {stored: onlyStored = false}: {stored?: boolean} = {}): Record<string, string> {
  if (onlyStored) return stored(specKey);
  return inPage.get(specKey) ?? stored(specKey);
}

/** Keeps the credentials for the page, and in localStorage if `remember`, else removes them from it. */
export function rememberCredentials(specKey: string, credentials: Record<string, string>, remember: boolean): void {
  inPage.set(specKey, credentials);
  try {
    if (remember) window.localStorage.setItem(storageKey(specKey), JSON.stringify(credentials));
    else window.localStorage.removeItem(storageKey(specKey));
  } catch {
    // Storage refused: they stay for this page.
  }
}
