/**
 * Docusaurus 2.4's <Link> preloads a page's chunks when the pointer enters the
 * link and does not handle a failure. A chunk that cannot be fetched then
 * surfaces as an uncaught promise rejection. A failed preload is harmless
 * (navigation loads the chunk again), so it is reported as a warning only.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

function isChunkLoadFailure(reason: unknown): reason is Error {
  if (!(reason instanceof Error)) return false;
  return reason.name === 'ChunkLoadError' || /^Loading (CSS )?chunk .+ failed/.test(reason.message);
}

if (ExecutionEnvironment.canUseDOM) {
  window.addEventListener('unhandledrejection', (event) => {
    if (!isChunkLoadFailure(event.reason)) return;
    event.preventDefault();
    console.warn(`Preloading a page failed; it will load when opened. ${event.reason.message}`);
  });
}

export {};
