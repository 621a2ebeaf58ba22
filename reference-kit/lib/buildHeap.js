// @ts-check
const v8 = require('v8');

/**
 * How much larger than what is live V8 may let the build's heap grow before it collects again: by
 * default up to four times, which a build rendering a large spec page after page reaches with
 * short-lived strings (CHANGELOG, 1.5.0).
 */
const HEAP_GROWING_PERCENT = 50;

let capped = false;

/**
 * Caps the heap's growth over what is live for the rest of the process (V8 reads the flag each time
 * it sets the next limit), once, when a build loads the kit's plugin: before it reads a spec, whose
 * loading is the first peak. Collections come more often; what the build keeps is unchanged.
 */
function capHeapGrowth() {
  if (capped) return;
  capped = true;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

module.exports = {capHeapGrowth};
