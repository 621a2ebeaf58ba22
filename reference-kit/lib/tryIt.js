// @ts-check
/**
 * The kit preset's `tryIt` option: every operation gets a "Try it" console
 * (../reference/shared/TryIt.tsx) unless it is `false`; `{mockFirst: true}` opens the console on
 * its mock server, which answers from the spec, rather than the spec's first server.
 */

/** @typedef {false | {mockFirst?: boolean}} TryItOption */

/**
 * The option checked: the console's options, or `false` for none.
 * @param {unknown} option
 * @returns {false | import('../reference/shared/TryIt').TryItOptions}
 */
function resolveTryIt(option) {
  if (option === false) return false;
  if (option === undefined || option === true) return {mockFirst: false};
  const mockFirst = typeof option === 'object' && option !== null && !Array.isArray(option) ? /** @type {{mockFirst?: unknown}} */ (option).mockFirst : null;
  const unknown = typeof option === 'object' && option !== null ? Object.keys(option).filter((key) => key !== 'mockFirst') : [];
  if (mockFirst === null || (mockFirst !== undefined && typeof mockFirst !== 'boolean') || unknown.length > 0) {
    throw new Error("reference-kit: the `tryIt` option is `false` or `{mockFirst: true | false}`, for instance `{mockFirst: true}` to open the console on its mock server.");
  }
  return {mockFirst: mockFirst === true};
}

module.exports = {resolveTryIt};
