import path from 'node:path';

/** The repository's root folder, for the scripts, benchmarks and tests that read its files. */
export const REPO_ROOT = path.resolve(__dirname, '..');
