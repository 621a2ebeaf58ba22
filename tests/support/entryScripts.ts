/**
 * The attributes after `src` of a built page's Docusaurus entry scripts (`runtime~main`, `main`), in
 * page order: `defer` where the reference kit deferred them (reference-kit/lib/deferEntryScripts.js),
 * empty as Docusaurus writes them.
 */
export function entryScriptAttributes(html: string): string[] {
  return Array.from(html.matchAll(/<script src="[^"]*\/(?:runtime~main|main)\.[\da-f]+\.js"([^>]*)>/g), ([, rest]) => rest!.trim());
}
