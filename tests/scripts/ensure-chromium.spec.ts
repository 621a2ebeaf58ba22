/**
 * scripts/cli/ensure-chromium.sh on a machine without the test browser, as root, as a user with
 * passwordless sudo, and as a user with neither. The script runs with PATH holding only
 * stand-ins for `id`, `sudo` and `apt-get` (and `env`), which write down how they were called:
 * nothing is ever installed for real. The stand-in `apt-get install` creates the browser file,
 * as Debian's package would. Node only: no browser page is opened.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';

const SCRIPT = path.resolve(__dirname, '..', '..', 'scripts', 'cli', 'ensure-chromium.sh');

interface Machine {
  /** What `id -u` prints. */
  uid: number;
  /** Whether `sudo -n true` succeeds (passwordless sudo); undefined: no sudo at all. */
  sudo?: boolean;
  /** Whether Debian's apt-get is there. */
  apt?: boolean;
  /** Whether the browser is already installed. */
  browser?: boolean;
}

const STUBS = {
  id: `[ "$1" = -u ] && echo "$FAKE_UID"`,
  // `sudo -n true` answers the "may I?" question; any other call runs its command, logged.
  sudo: `[ "$1" = -n ] && shift
if [ "$1" = true ]; then [ "$FAKE_SUDO" = yes ]; exit; fi
echo "sudo $*" >> "$CALLS"
exec "$@"`,
  'apt-get': `echo "apt-get $* (DEBIAN_FRONTEND=\${DEBIAN_FRONTEND:-unset})" >> "$CALLS"
if [ "$1" = install ] || [ "$2" = install ] || [ "$3" = install ]; then
  printf '#!/bin/sh\\n' > "$CHROMIUM_PATH" && /bin/chmod +x "$CHROMIUM_PATH"
fi`,
};

function run(machine: Machine) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ensure-chromium-'));
  const bin = path.join(dir, 'bin');
  fs.mkdirSync(bin);
  const stubs: Array<keyof typeof STUBS> = ['id'];
  if (machine.sudo !== undefined) stubs.push('sudo');
  if (machine.apt !== false) stubs.push('apt-get');
  for (const name of stubs) fs.writeFileSync(path.join(bin, name), `#!/bin/bash\n${STUBS[name]}\n`, {mode: 0o755});
  fs.symlinkSync('/usr/bin/env', path.join(bin, 'env'));
  const browser = path.join(dir, 'chromium-headless-shell');
  if (machine.browser) fs.writeFileSync(browser, '#!/bin/sh\n', {mode: 0o755});
  const calls = path.join(dir, 'calls.log');

  const result = spawnSync('/bin/bash', [SCRIPT], {
    encoding: 'utf8',
    env: {
      PATH: bin,
      CHROMIUM_PATH: browser,
      CALLS: calls,
      FAKE_UID: String(machine.uid),
      FAKE_SUDO: machine.sudo ? 'yes' : 'no',
    },
  });
  const ran = fs.existsSync(calls) ? fs.readFileSync(calls, 'utf8').trim().split('\n') : [];
  const installed = fs.existsSync(browser);
  fs.rmSync(dir, {recursive: true, force: true});
  return {status: result.status, stdout: result.stdout, stderr: result.stderr, ran, installed};
}

const INSTALL = 'apt-get install -y -qq chromium-headless-shell (DEBIAN_FRONTEND=noninteractive)';

test.describe('scripts/cli/ensure-chromium.sh when the browser is missing', () => {
  test('as root it installs the package with apt-get, without sudo', () => {
    const result = run({uid: 0, sudo: true});
    expect(result.stderr).toBe('');
    expect(result.ran).toEqual(['apt-get update -qq (DEBIAN_FRONTEND=unset)', INSTALL]);
    expect(result.installed).toBe(true);
    expect(result.status).toBe(0);
  });

  test('as root on a machine without sudo it installs the package too', () => {
    const result = run({uid: 0});
    expect(result.ran).toEqual(['apt-get update -qq (DEBIAN_FRONTEND=unset)', INSTALL]);
    expect(result.status).toBe(0);
  });

  test('a user with passwordless sudo installs it through sudo -n', () => {
    const result = run({uid: 1000, sudo: true});
    expect(result.ran).toEqual([
      'sudo apt-get update -qq',
      'apt-get update -qq (DEBIAN_FRONTEND=unset)',
      'sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell',
      INSTALL,
    ]);
    expect(result.installed).toBe(true);
    expect(result.status).toBe(0);
  });

  test('a user who may not install gets a message naming the package, and nothing runs', () => {
    const result = run({uid: 1000, sudo: false});
    expect(result.ran).toEqual([]);
    expect(result.installed).toBe(false);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Install Debian's 'chromium-headless-shell' package");
    expect(result.stderr).toContain('CHROMIUM_PATH');
  });

  test('without apt-get (not Debian) even root gets the message', () => {
    const result = run({uid: 0, apt: false});
    expect(result.ran).toEqual([]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("'chromium-headless-shell'");
  });
});

test('scripts/cli/ensure-chromium.sh does nothing when the browser is there', () => {
  const result = run({uid: 0, sudo: true, browser: true});
  expect(result.ran).toEqual([]);
  expect(result.stdout + result.stderr).toBe('');
  expect(result.status).toBe(0);
});
