// Runs before Prism's core (see ./prism.ts): Prism's files read and write `globalThis.Prism`.
type WithPrism = typeof globalThis & {Prism?: unknown};

/** Whatever was there before (Redoc's Prism, or docusaurus-theme-redoc's `{manual: true}`). */
export const previousPrism = (globalThis as WithPrism).Prism;

// `manual`: never highlight the document on its own; React renders the tokens.
(globalThis as WithPrism).Prism = {manual: true, disableWorkerMessageHandler: true};

export function restorePrismGlobal(): void {
  (globalThis as WithPrism).Prism = previousPrism;
}
