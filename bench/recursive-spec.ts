/**
 * What a spec whose schemas nest each other many ways costs to build with the kit: Figma's REST API
 * (`@figma/rest-api-spec` on npm, OpenAPI 3.1: a node's `children` are a oneOf of about thirty node
 * kinds, each with children), which ran the build out of memory before Redoc's models followed what
 * is shown (reference-kit/patches/redoc+2.1.4.patch). Fetches the package with `npm pack` into a
 * temporary folder (the spec is not kept in the repository), builds a one-spec mini site with it,
 * and prints the build's wall time, CPU time and peak memory. Needs GNU time (`/usr/bin/time`).
 * Measured on 2 cores: out of memory after 231 s at a peak of 4,268 MiB before; 26 s and 651 MiB
 * after. The budget: 2 GiB of peak memory with Node's default heap.
 *
 *   node --import tsx bench/recursive-spec.ts [package@version]
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {buildMiniSite, removeMiniSite} from '../scripts/miniSite';

const PACKAGE = process.argv[2] ?? '@figma/rest-api-spec';
const BUDGET_MIB = 2048;

async function main(): Promise<void> {
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'recursive-spec-'));
  try {
    const tarball = execFileSync('npm', ['pack', PACKAGE, '--silent'], {cwd: scratch, encoding: 'utf8'}).trim().split('\n').at(-1)!;
    execFileSync('tar', ['xzf', tarball], {cwd: scratch});
    const specFile = path.join(scratch, 'package/openapi/openapi.yaml');
    const build = await buildMiniSite({
      examples: [
        {
          specId: 'recursive',
          label: 'Recursive',
          title: `${PACKAGE} (${tarball})`,
          route: '/examples/recursive/',
          description: 'A spec whose schemas nest each other many ways.',
          uses: `spec: '${specFile}'`,
          specFile,
          kind: 'plugin-route',
        },
      ],
      measure: true,
    });
    try {
      if (!build.resources) throw new Error('no measurement; is /usr/bin/time (GNU time) installed?');
      const {seconds, cpuSeconds, peakMiB} = build.resources;
      console.log(`| ${tarball} | exit ${build.exitCode} | ${seconds.toFixed(0)} s | ${cpuSeconds.toFixed(0)} s | ${peakMiB} MiB |`);
      if (build.exitCode !== 0) throw new Error(`the build failed\n${build.output.slice(-3000)}`);
      if (peakMiB > BUDGET_MIB) throw new Error(`peak memory ${peakMiB} MiB is over the budget of ${BUDGET_MIB} MiB`);
    } finally {
      await removeMiniSite(build);
    }
  } finally {
    await fs.rm(scratch, {recursive: true, force: true});
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
