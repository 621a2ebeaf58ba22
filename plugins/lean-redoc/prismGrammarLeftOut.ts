/** Stands in for a Prism grammar no spec of the site needs (see ./index.ts): it defines nothing. */
export {};
