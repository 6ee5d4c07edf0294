// `npm test`: install what the tests need (npm packages; Debian chromium, ffmpeg, espeak-ng and CJK fonts
// when missing), then run every test: unit and API suites on SQLite, and the end-to-end suite in Chromium
// against the built product.
import fs from 'node:fs';
import { cjkFontPresent, ensureDebianPackages, ensureNodeModules, has, run, step } from './lib.mjs';

ensureNodeModules();
ensureDebianPackages([
  { name: 'chromium', present: () => fs.existsSync('/usr/bin/chromium') || has('chromium') },
  { name: 'ffmpeg', present: () => has('ffmpeg') },
  // The built-in voice, also what the fake speech service of the tests speaks with.
  { name: 'espeak-ng', present: () => has('espeak-ng') },
  { name: 'fonts-noto-cjk', present: cjkFontPresent },
]);

step('Unit and API tests (SQLite)');
run('npx', ['vitest', 'run', '--project', 'unit', '--project', 'api']);
step('Building the web app');
run('npm', ['run', 'build']);
step('End-to-end tests in Chromium');
run('npm', ['run', 'test:e2e']);
