// @ts-check
/**
 * parse5, the HTML parser of the kit's Node code, as Redoc's jsdom resolves it: every site with the
 * kit has it (Redoc 2.1.4 depends on jsdom), at the version jsdom was made with, whichever parse5 a
 * site's other packages put at the top of its node_modules. Loaded by Node, not bundled: the server
 * build takes it as an external (./themePlugin.js).
 */
const {createRequire} = require('node:module');

const redoc = createRequire(require.resolve('redoc/package.json'));
/** @type {typeof import('parse5')} */
const parse5 = createRequire(redoc.resolve('jsdom'))('parse5');

module.exports = parse5;
