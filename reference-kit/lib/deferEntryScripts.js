// @ts-check
/**
 * The built pages that hold a reference load Docusaurus's entry scripts with `defer`.
 *
 * Docusaurus 2 writes its entry scripts (`runtime~main`, `main`) at the end of `<body>`, where they
 * block the parser: the browser runs them in the task in which it parses the end of the page, so
 * that task, a page load's longest, grows with the page's HTML. Deferred, they run
 * in the same order and still before `DOMContentLoaded`, in a task after the parser's own.
 *
 * Only the `<script src="…"></script>` elements, written as Docusaurus writes its own, that end the
 * body after the page's last `</div>` (in Docusaurus's template, its root element's end), with
 * nothing else between them: an inline script or a script with other attributes among them would
 * run before the deferred ones, where it ran after, so a page with one is left as it is. A script
 * a plugin adds there (`postBodyTags`) written as Docusaurus's are is deferred with them, which
 * keeps the order: deferred scripts run in the order of the page.
 *
 * Applied after the build with the kit's other changes to the pages, in one pass (./builtPages.js).
 */
const {ATTR} = require('../reference/shared/contract');
/** Docusaurus's entry scripts as its template writes them, after its root element and ending the body. */
const ENTRY_SCRIPTS = /^(?:\s*<script src="[^"]+"><\/script>)+(?=\s*<\/body>)/;
/** The attribute the element of each of the kit's references carries, as React writes it. */
const REFERENCE_MARKER = ` ${ATTR.reference}=""`;

/**
 * `html` with the `<script src>` elements that end its body deferred; unchanged when it has no
 * reference of the kit, or something other than such scripts comes after its last `</div>`.
 * @param {string} html
 */
function deferEntryScripts(html) {
  if (!html.includes(REFERENCE_MARKER)) return html;
  // Only what follows the root element (the last `</div>` before `</body>`) is searched: the
  // page's content may hold anything.
  const rootEnd = html.lastIndexOf('</div>', html.lastIndexOf('</body>'));
  if (rootEnd === -1) return html;
  const tailStart = rootEnd + '</div>'.length;
  const scripts = ENTRY_SCRIPTS.exec(html.slice(tailStart))?.[0];
  if (!scripts) return html;
  const deferred = scripts.replace(/<script src="([^"]+)"><\/script>/g, '<script src="$1" defer></script>');
  return html.slice(0, tailStart) + deferred + html.slice(tailStart + scripts.length);
}

module.exports = {deferEntryScripts};
