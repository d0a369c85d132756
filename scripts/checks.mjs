// The static checks of `npm test` (lint, each type-check, electronegativity) and the build the
// browser tests load, side by side: none needs another's output. The two type-checks were one
// script in a row (30 and 20 s of CPU), the longest chain; apart, the five take about the CPU
// they need spread over both cores (~40 s here instead of ~55 s). Each one's output is printed
// whole once it ends; the run fails if any of them fails.
import { spawn } from 'node:child_process';

const checks = [
  ['lint', ['run', '--silent', 'lint']],
  ['typecheck (main, venue, host)', ['run', '--silent', 'typecheck:node']],
  ['typecheck (renderer)', ['run', '--silent', 'typecheck:web']],
  ['security', ['run', '--silent', 'security']],
  ['build', ['run', '--silent', 'build']],
];

const runs = checks.map(
  ([name, args]) =>
    new Promise((done) => {
      const child = spawn(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, { stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('close', (code) => {
        process.stdout.write(`── ${name}: ${code === 0 ? 'ok' : `failed (exit ${code})`}\n${out.trim() ? `${out.trim()}\n` : ''}`);
        done(code === 0);
      });
    }),
);

process.exitCode = (await Promise.all(runs)).every(Boolean) ? 0 : 1;
