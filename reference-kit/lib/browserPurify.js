// @ts-check
/**
 * DOMPurify for the browser: ./themePlugin.js puts this module in the place of Redoc's `dompurify`
 * in the browser's builds (production and `npm start`), as ./serverPurify.js in the server's, so
 * that Redoc's `DOMPurify.sanitize(html)` uses the kit's profile (./purifyProfile.js) there too.
 * An instance of its own: the profile's configuration and hooks reach no other user of DOMPurify
 * on the page.
 */
const createDOMPurify = require('dompurify');
const {withSpecProfile} = require('./purifyProfile');

module.exports = withSpecProfile(createDOMPurify(typeof window === 'undefined' ? undefined : window));
