// Shared helpers of the two README commands: run a step, install what is missing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function step(title) {
  console.log(`\n\u001b[36m▶ ${title}\u001b[0m`);
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n✖ ${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
    process.exit(result.status ?? 1);
  }
}

export function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

export function cjkFontPresent() {
  return spawnSync('sh', ['-c', 'fc-list :lang=zh | grep -q .'], { stdio: 'ignore' }).status === 0;
}

/** npm ci on a fresh clone; npm install when package.json changed since the last install. */
export function ensureNodeModules() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (!fs.existsSync(marker)) {
    step('Installing dependencies (first run: about 3 minutes)');
    run('npm', fs.existsSync(lock) ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund']);
    return;
  }
  const installedAt = fs.statSync(marker).mtimeMs;
  const manifests = [
    'package.json',
    'package-lock.json',
    'apps/server/package.json',
    'apps/web/package.json',
    'packages/contracts/package.json',
    'e2e/package.json',
    'bench/package.json',
  ];
  if (
    manifests.some(
      (file) => fs.existsSync(path.join(root, file)) && fs.statSync(path.join(root, file)).mtimeMs > installedAt,
    )
  ) {
    step('Dependencies changed: installing');
    run('npm', ['install', '--no-audit', '--no-fund']);
  }
}

/** Installs Debian packages that are missing, when running as root; otherwise says what to install. */
export function ensureDebianPackages(packages) {
  const missing = packages.filter((p) => !p.present());
  if (missing.length === 0) return;
  const names = missing.map((p) => p.name);
  if (process.getuid?.() !== 0 || !has('apt-get')) {
    console.error(
      `\n✖ Missing system packages: ${names.join(', ')}.\n  Install them (for example: sudo apt-get install -y ${names.join(' ')}) and run again.`,
    );
    process.exit(1);
  }
  step(`Installing system packages: ${names.join(', ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...names], { env });
}
