// @ts-check
/**
 * What the kit was made for, checked when the site loads the kit: a site without it stops at once,
 * with a message that says what it found and what to change, instead of failing later deep in a
 * build (the logo loader, a patch that does not fit) or rendering a broken page.
 */
const fs = require('node:fs');
const path = require('node:path');
/** @type {{version: string; engines: {node: string; npm: string}}} Read, not required: a reader's tsconfig may not resolve JSON modules. */
const kit = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8'));

/** The Redoc the kit's patch and components were made for. */
const REDOC_VERSION = '2.1.4';
/** Every change the kit's patch makes to Redoc's bundles carries this comment. */
const PATCH_MARK = '/* reference-kit:';
/** What the newest change of the patch adds (1.4.0): a Redoc patched by an older kit lacks it. */
const PATCH_NEWEST = 'function kitBoundedSample(';
const REDOC_BUNDLES = ['bundles/redoc.lib.js', 'bundles/redoc.browser.lib.js'];

/** @param {string} version @param {string} minimum */
function atLeast(version, minimum) {
  const [a, b] = [version, minimum].map((text) => text.replace(/^[^\d]*/, '').split('.').map(Number));
  for (let index = 0; index < 3; index++) {
    if ((a[index] ?? 0) !== (b[index] ?? 0)) return (a[index] ?? 0) > (b[index] ?? 0);
  }
  return true;
}

/**
 * An error whose printout is its message alone: what it says is for the reader to act on, and a
 * stack trace of the kit's loading would only bury it.
 * @param {string} message
 */
function requirementError(message) {
  const error = new Error(`reference-kit ${kit.version}: ${message}`);
  error.stack = error.message;
  return error;
}

/** Throws when the site does not have what the kit needs. */
function checkRequirements() {
  const minimumNode = kit.engines.node.replace(/^>=/, '');
  if (!atLeast(process.versions.node, minimumNode)) {
    throw requirementError(`needs Node.js ${minimumNode} or later; this is Node.js ${process.versions.node}.`);
  }
  /** @type {string} */
  let redocManifest;
  try {
    redocManifest = require.resolve('redoc/package.json');
  } catch {
    throw requirementError(`needs Redoc ${REDOC_VERSION}, and Redoc is not installed: install redocusaurus, then follow step 2 of the kit's guide.`);
  }
  const redocDir = path.dirname(redocManifest);
  const {version} = JSON.parse(fs.readFileSync(redocManifest, 'utf8'));
  if (version !== REDOC_VERSION) {
    throw requirementError(
      `is made for Redoc ${REDOC_VERSION}, and this site has Redoc ${version} (${redocDir}). Pin Redoc ${REDOC_VERSION} with ` +
        `npm's "overrides" as step 2 of the kit's guide shows, then run \`npm install\` with npm ${kit.engines.npm.replace(/^>=/, '')} or later ` +
        '(older npm versions keep the Redoc a site already has).',
    );
  }
  const bundles = REDOC_BUNDLES.map((bundle) => ({bundle, text: fs.readFileSync(path.join(redocDir, bundle), 'utf8')}));
  const unpatched = bundles.filter(({text}) => !text.includes(PATCH_MARK)).map(({bundle}) => bundle);
  const reinstall = 'run `rm -rf node_modules/redoc && npm install`.';
  if (unpatched.length > 0) {
    throw requirementError(
      `needs Redoc ${REDOC_VERSION} patched with reference-kit/patches/, and ${unpatched.join(' and ')} in ${redocDir} ` +
        `is not: check that package.json's "postinstall" runs \`patch-package --patch-dir reference-kit/patches\`, then ${reinstall}`,
    );
  }
  const older = bundles.filter(({text}) => !text.includes(PATCH_NEWEST)).map(({bundle}) => bundle);
  if (older.length > 0) {
    throw requirementError(`needs this kit's patch of Redoc, and ${older.join(' and ')} in ${redocDir} has an older kit's: ${reinstall}`);
  }
}

module.exports = {checkRequirements, REDOC_VERSION};
