// @ts-check
/**
 * The kit's changes to the built pages, made in one pass: each page read once, every change applied
 * in turn, written once (./deferEntryScripts.js, then ./contentSecurityPolicy.js, which hashes the
 * page's scripts as they end up).
 *
 * Synchronously, on purpose: Docusaurus runs every plugin's `postBuild` at once, and another may read
 * or rewrite the same pages (a search plugin's index, a site's own changes). Done in one go, before
 * any of them has read a page, this never writes over their change, nor they over this one; two
 * passes of the kit's own, each awaiting its files, could also write over each other.
 */
const fs = require('node:fs');
const path = require('node:path');

/**
 * The HTML files under `dir`.
 * @param {string} dir
 * @returns {string[]}
 */
function htmlFiles(dir) {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(file);
    return entry.name.endsWith('.html') ? [file] : [];
  });
}

/**
 * Applies `rewrites` to every HTML file under `outDir`, in order, and writes the files they changed.
 * @param {string} outDir
 * @param {((html: string, file: string) => string)[]} rewrites Each takes a page's HTML and its file.
 */
function rewriteBuiltPages(outDir, rewrites) {
  if (rewrites.length === 0) return;
  for (const file of htmlFiles(outDir)) {
    const html = fs.readFileSync(file, 'utf8');
    const rewritten = rewrites.reduce((page, rewrite) => rewrite(page, path.relative(outDir, file)), html);
    if (rewritten !== html) fs.writeFileSync(file, rewritten);
  }
}

module.exports = {htmlFiles, rewriteBuiltPages};
