/**
 * `npm test`: Chromium and the model files first (scripts/verify/ensure-chromium.sh, `npm run models -- --if-missing
 * --optional`), then the type check, the three lint checks and vitest all at once, since none needs another's result:
 *
 * - `npm run typecheck` (tsc -b), `npm run lint:eslint`, `npm run lint:format` (prettier) and `npm run lint:architecture`
 *   (dependency-cruiser) run at a lower priority (nice 10): they only fill the CPU that vitest leaves idle, so the
 *   tests' waits (the stack's start, a browser page) are not slowed by them on a loaded machine. Each one's output is
 *   printed whole when it ends, under one line with its name, result and time.
 * - vitest runs twice at once, each with a local stack of its own (docs/testing.md): the `browser` project, printed as it
 *   goes, and every other project (`integration` after the ones that need no stack), printed whole when it ends like the
 *   checks, at normal priority. Arguments after `npm test --` go to one vitest of all projects instead
 *   (`npm test -- --project unit`).
 *
 * Exit code 1 when any of them failed; every one runs to its end, so one run shows every failure.
 */
import { spawn, spawnSync } from 'node:child_process';

interface Outcome {
  name: string;
  ok: boolean;
  seconds: number;
}

const began = performance.now();
const since = (from: number) => (performance.now() - from) / 1000;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function prelude(command: string, args: string[]): void {
  const { status, error } = spawnSync(command, args, { stdio: 'inherit' });
  if (status !== 0) {
    console.error(`npm test: ${[command, ...args].join(' ')} failed${error ? `: ${error.message}` : ''}`);
    process.exit(status ?? 1);
  }
}

/** a check at nice 10 (or as given), its output (stdout and stderr as they came) printed in one piece when it ends */
function check(script: string, niceness = 10, args: string[] = [], name = script): Promise<Outcome> {
  const start = performance.now();
  return new Promise((resolve) => {
    const command = ['-n', String(niceness), npm, 'run', '--silent', script, ...(args.length ? ['--', ...args] : [])];
    const child = spawn('nice', command, { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => chunks.push(c));
    const done = (ok: boolean, note = '') => {
      const seconds = since(start);
      const output = Buffer.concat(chunks).toString().trimEnd();
      process.stdout.write(
        `\n── npm run ${[script, ...args].join(' ')}: ${ok ? 'passed' : 'FAILED'} in ${seconds.toFixed(1)} s${note}\n` +
          (output ? `${output}\n` : '') +
          '\n',
      );
      resolve({ name, ok, seconds });
    };
    child.on('error', (e) => done(false, `: ${e.message}`));
    child.on('close', (code, signal) => done(code === 0, code === 0 ? '' : ` (exit ${signal ?? code})`));
  });
}

function vitest(args: string[], name = 'vitest'): Promise<Outcome> {
  const start = performance.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', 'test:vitest', '--', ...args], { stdio: 'inherit' });
    child.on('error', () => resolve({ name, ok: false, seconds: since(start) }));
    child.on('close', (code) => resolve({ name, ok: code === 0, seconds: since(start) }));
  });
}

prelude('bash', ['scripts/verify/ensure-chromium.sh']);
prelude(npm, ['run', '--silent', 'models', '--', '--if-missing', '--optional']);

const args = process.argv.slice(2);
const outcomes = await Promise.all([
  ...(args.length
    ? [vitest(args)]
    : [
        vitest(['--project', 'browser*'], 'vitest browser'),
        check('test:vitest', 0, ['--project', '!browser*'], 'vitest the rest'),
      ]),
  ...['typecheck', 'lint:eslint', 'lint:format', 'lint:architecture'].map((script) => check(script)),
]);
const failed = outcomes.filter((o) => !o.ok);
console.log(
  `npm test: ${outcomes.map((o) => `${o.name} ${o.ok ? 'passed' : 'FAILED'} (${o.seconds.toFixed(0)} s)`).join(', ')}; ` +
    `${since(began).toFixed(0)} s in all`,
);
process.exit(failed.length ? 1 : 0);
