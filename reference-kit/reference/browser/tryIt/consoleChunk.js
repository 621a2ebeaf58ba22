/**
 * The console's chunk (./Console.tsx), fetched the first time a reader reaches for a "Try it"
 * button (../../shared/TryIt.tsx). A JavaScript module, as ../redocChunks.js is: webpack names the
 * chunk from the comment.
 */
export const importConsole = () => import(/* webpackChunkName: "kit-console" */ './Console');
