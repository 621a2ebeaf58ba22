// @ts-check
/**
 * A request as a curl command, one option a line: the build's curl sample of each operation
 * (../../lib/requestSamples.js) and the console's "request as curl" (../browser/tryIt/Console.tsx)
 * are written here, the same way. Every value is single-quoted for a POSIX shell, so nothing in a
 * spec or in what a reader types is read by the shell.
 */
const {urlWithQuery} = require('./operationRequest');

/**
 * A value as one single-quoted shell word.
 * @param {string} value
 */
function shellQuoted(value) {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * The curl command that sends `request`.
 * @param {import('./operationRequest').OperationRequest} request
 */
function curlCommand(request) {
  const lines = [`curl --request ${request.method}`, `--url ${shellQuoted(urlWithQuery(request))}`];
  request.headers.forEach((pair) => lines.push(`--header ${shellQuoted(`${pair.name}: ${pair.value}`)}`));
  if (request.cookies.length > 0) lines.push(`--cookie ${shellQuoted(request.cookies.map((pair) => `${pair.name}=${pair.value}`).join('; '))}`);
  const body = request.body;
  if (body?.params) {
    const option = /^multipart\//i.test(body.mediaType) ? '--form' : '--data-urlencode';
    body.params.forEach((pair) => lines.push(`${option} ${shellQuoted(`${pair.name}=${pair.value}`)}`));
  } else if (body) {
    lines.push(`--data-raw ${shellQuoted(body.text ?? '')}`);
  }
  return lines.join(' \\\n  ');
}

module.exports = {curlCommand};
