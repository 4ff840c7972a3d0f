#!/usr/bin/env node
/**
 * Makes sure a Chromium for the browser tests exists: Debian's `chromium` package, never a
 * Playwright download (the machines reach Debian's archive and the npm registry, not browser builds). Order: $CHROMIUM_PATH, /usr/bin/chromium; when missing and running
 * as root, installs Debian's package with apt-get; otherwise exits 1 with one line saying what to
 * install. Prints the path it found on success.
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const DEFAULT_PATH = '/usr/bin/chromium';

function found() {
  const candidate = process.env.CHROMIUM_PATH || DEFAULT_PATH;
  return existsSync(candidate) ? candidate : null;
}

function run(command, args) {
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

let path = found();
if (!path) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Chromium not found at ${DEFAULT_PATH}: install Debian's package with "sudo apt-get install chromium" (or set CHROMIUM_PATH).`,
    );
    process.exit(1);
  }
  console.log('Chromium not found: installing Debian\'s "chromium" package with apt-get…');
  const ok =
    run('apt-get', ['update', '-qq']) &&
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-liberation']);
  path = found();
  if (!ok || !path) {
    console.error('Chromium could not be installed with apt-get: install Debian\'s "chromium" package and run the tests again.');
    process.exit(1);
  }
}
console.log(`Chromium: ${path}`);
