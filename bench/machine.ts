/**
 * What made runs of this virtual machine slow on some days: memory touched for the first time, not
 * its cores (bench/results.md, "Earlier runs"). A run states it, with the kernel's huge pages setting.
 */
import fs from 'node:fs';

const TOUCHED_BYTES = 512 * 1024 * 1024;

/** Milliseconds to write 512 MiB of memory the process has not touched before. */
function firstTouchMs(): number {
  const started = process.hrtime.bigint();
  Buffer.allocUnsafeSlow(TOUCHED_BYTES).fill(1);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** The setting in force, `always`, `madvise` or `never`; undefined where the kernel has none. */
function transparentHugePages(): string | undefined {
  try {
    return /\[(\w+)\]/.exec(fs.readFileSync('/sys/kernel/mm/transparent_hugepage/enabled', 'utf8'))?.[1];
  } catch {
    return undefined;
  }
}

/** One line for the report, such as `memory first touched at 512 MiB in 140 ms (huge pages: madvise)`. */
export function machineReading(): string {
  const pages = transparentHugePages();
  return `memory first touched at 512 MiB in ${Math.round(firstTouchMs())} ms${pages ? ` (transparent huge pages: ${pages})` : ''}`;
}
