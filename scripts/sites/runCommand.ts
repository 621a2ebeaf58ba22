/**
 * Runs a command to its end and keeps its output; with `measure`, under GNU time (`/usr/bin/time`,
 * Debian's `time` package) for its wall time, CPU time and peak memory. Shared by the builds the
 * tests and benchmarks make (scripts/sites/miniSite.ts, bench/kitSites.ts).
 */
import {spawn} from 'node:child_process';

export interface Resources {
  seconds: number;
  /** User plus system time. */
  cpuSeconds: number;
  /** Peak resident memory of the largest process. */
  peakMiB: number;
}

export interface CommandResult {
  exitCode: number;
  output: string;
  /** Present when measured and GNU time reported. */
  resources?: Resources;
}

const RESOURCES_MARK = 'run-command-resources:';

/** `env` is the command's whole environment (this process's when absent), so a caller can leave variables out. */
export function runCommand(
  command: readonly string[],
  options: {cwd: string; env?: NodeJS.ProcessEnv; measure?: boolean},
): Promise<CommandResult> {
  // GNU time's line: elapsed, user and system seconds, and maximum resident set size in KiB.
  const argv = options.measure ? ['/usr/bin/time', '-f', `${RESOURCES_MARK} %e %U %S %M`, ...command] : [...command];
  const child = spawn(argv[0]!, argv.slice(1), {cwd: options.cwd, env: {...(options.env ?? process.env), FORCE_COLOR: '0'}});
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const measured = new RegExp(`^${RESOURCES_MARK} ([\\d.]+) ([\\d.]+) ([\\d.]+) (\\d+)\\n?`, 'm').exec(output);
      resolve({
        exitCode: code ?? 1,
        // The command's own output: GNU time's line is read, not passed on.
        output: measured ? output.slice(0, measured.index) + output.slice(measured.index + measured[0].length) : output,
        resources: measured
          ? {seconds: Number(measured[1]), cpuSeconds: Number(measured[2]) + Number(measured[3]), peakMiB: Math.round(Number(measured[4]) / 1024)}
          : undefined,
      });
    });
  });
}
