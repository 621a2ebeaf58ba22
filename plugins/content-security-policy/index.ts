/**
 * A Content-Security-Policy for every built page, as a `<meta>` at the top of its `<head>`: GitHub
 * Pages sets no response headers. Defence in depth behind the specs' sanitized HTML
 * (reference-kit/lib/serverPurify.js, Redoc's `untrustedSpec`): should a spec's markup still reach
 * a page, the browser runs no inline event handler, no `javascript:` URL, no inline script but
 * Docusaurus's own, and no script from another site.
 *
 * Docusaurus writes a few inline scripts into its pages (the colour mode before first paint, the
 * base-URL banner on the home page). They are allowed by their SHA-256, page by page, found in the
 * HTML after the build; every other script comes from the site's own origin.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** Inline `<script>` elements: no `src`, their text is what the browser hashes. */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

export function policyFor(html: string): string {
  const hashes = [...html.matchAll(INLINE_SCRIPT)].map(
    ([, script]) => `'sha256-${crypto.createHash('sha256').update(script!, 'utf8').digest('base64')}'`,
  );
  return [
    `script-src 'self' ${[...new Set(hashes)].join(' ')}`.trim(),
    "script-src-attr 'none'",
    "object-src 'none'",
    "base-uri 'self'",
  ].join('; ');
}

/** `html` with the policy as the first element of its `<head>` (a meta policy applies to what follows it). */
export function withPolicy(html: string): string {
  const head = /<head[^>]*>/.exec(html);
  if (!head) throw new Error('content-security-policy: a built page without <head>');
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policyFor(html)}">`;
  const at = head.index + head[0].length;
  return html.slice(0, at) + meta + html.slice(at);
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, {withFileTypes: true});
  const nested = await Promise.all(
    entries.map((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return htmlFiles(file);
      return Promise.resolve(entry.name.endsWith('.html') ? [file] : []);
    }),
  );
  return nested.flat();
}

export default function contentSecurityPolicyPlugin(): Plugin {
  return {
    name: 'content-security-policy',
    async postBuild({outDir}) {
      // Docusaurus runs every plugin's postBuild at once, and the search plugin reads these pages
      // meanwhile: each page is replaced whole (a rename), never seen half written.
      for (const file of await htmlFiles(outDir)) {
        const next = `${file}.csp-tmp`;
        await fs.writeFile(next, withPolicy(await fs.readFile(file, 'utf8')));
        await fs.rename(next, file);
      }
    },
  };
}
