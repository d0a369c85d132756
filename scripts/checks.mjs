// The static checks (lint, each type-check, electronegativity) and the build the browser tests
// load. None needs another's output, so they run side by side; each one's output is printed whole
// once it ends, and the run fails if any of them fails.
//
//   node scripts/checks.mjs          the checks and the build (`npm run checks`)
//   node scripts/checks.mjs --tests  `npm test`: the build, then every vitest project with the
//                                    checks beside it at a lower priority
//
// With --tests the checks (~80 s of CPU) no longer hold the tests back: the suite waits on venues,
// polls and browsers for part of its run, and the checks, niced, take the cores only while the
// tests leave them idle. The build comes first: the browser tests load it, and the venue's tests
// run it once it is newer than its sources.
import { spawn } from 'node:child_process';

const WIN = process.platform === 'win32';
const NPM = WIN ? 'npm.cmd' : 'npm';

const STATIC = [
  ['lint', ['run', '--silent', 'lint']],
  ['typecheck (main, venue, host)', ['run', '--silent', 'typecheck:node']],
  ['typecheck (renderer)', ['run', '--silent', 'typecheck:web']],
  ['security', ['run', '--silent', 'security']],
];
const BUILD = ['build', ['run', '--silent', 'build']];

/** Runs one npm script with its output held; resolves with its report and whether it passed. */
function held([name, args], { nice = false } = {}) {
  return new Promise((done) => {
    const [command, argv] = nice && !WIN ? ['nice', ['-n', '15', NPM, ...args]] : [NPM, args];
    const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'], shell: WIN });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', (err) => (out += String(err)));
    child.on('close', (code) => done({ ok: code === 0, report: `── ${name}: ${code === 0 ? 'ok' : `failed (exit ${code})`}\n${out.trim() ? `${out.trim()}\n` : ''}` }));
  });
}

/** Runs vitest with the terminal as its own. */
function tests() {
  return new Promise((done) => {
    const child = spawn(NPM, ['exec', '--', 'vitest', 'run', ...process.argv.slice(3)], { stdio: 'inherit', shell: WIN });
    child.on('close', (code) => done(code === 0));
  });
}

const print = (results) => {
  for (const r of results) process.stdout.write(r.report);
  return results.every((r) => r.ok);
};

if (process.argv[2] === '--tests') {
  const built = await held(BUILD);
  if (!print([built])) {
    process.exitCode = 1;
  } else {
    const checks = Promise.all(STATIC.map((c) => held(c, { nice: true })));
    const passed = await tests();
    const checked = print(await checks);
    process.exitCode = passed && checked ? 0 : 1;
  }
} else {
  process.exitCode = print(await Promise.all([...STATIC, BUILD].map((c) => held(c)))) ? 0 : 1;
}
