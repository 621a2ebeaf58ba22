/**
 * Prism, as Redoc 2.1.4 imports it to highlight code: run before Redoc, in a task of its own
 * (./redocChunks.js). The grammars of the languages Redoc highlights come with Redoc, which
 * imports them (a site may leave some out). Prism stays in manual mode, as the theme sets it
 * (`docusaurus-theme-redoc/dist-jsx/global`, which `@theme/Redoc` imports first).
 */
import 'prismjs';
