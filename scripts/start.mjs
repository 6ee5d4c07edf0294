// `npm start`: install what is missing, build the web app, then migrate, seed demo data and serve
// the whole product on one port (the server migrates and seeds on start with SEED_DEMO=true).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { cjkFontPresent, ensureDebianPackages, ensureNodeModules, has, root, run, step } from './lib.mjs';

ensureNodeModules();
// The demo catalogue's videos are made with ffmpeg and titled in a CJK font; espeak-ng is the built-in voice.
ensureDebianPackages([
  { name: 'ffmpeg', present: () => has('ffmpeg') },
  { name: 'espeak-ng', present: () => has('espeak-ng') },
  { name: 'fonts-noto-cjk', present: cjkFontPresent },
]);
step('Building the web app');
run('npm', ['run', 'build']);

step('Migrating, seeding demo data and serving');
const env = { SEED_DEMO: 'true', ...process.env };
const server = spawn(process.execPath, ['--import', 'tsx', path.join('apps', 'server', 'src', 'bin', 'server.ts')], {
  cwd: root,
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
