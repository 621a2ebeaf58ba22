/**
 * `text` as a regular expression's source that matches it literally: file paths and names the
 * kit's webpack rules match.
 * @param {string} text
 */
function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

module.exports = {escapeRegExp};
