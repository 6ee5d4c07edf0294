// `npm run check`: typecheck, lint (zero warnings), format check, unit tests. CI runs it after `npm test`, which
// has run the unit tests already; it says so with CC_UNIT_TESTS_DONE=1 and they do not run twice.
import { run, step } from './lib.mjs';

step('Typecheck');
run('npm', ['run', 'typecheck']);
step('Lint');
run('npm', ['run', 'lint']);
step('Format');
run('npm', ['run', 'format:check']);
if (process.env.CC_UNIT_TESTS_DONE === '1') {
  step('Unit tests: already run by npm test in this CI run');
} else {
  step('Unit tests');
  run('npm', ['run', 'test:unit']);
}
