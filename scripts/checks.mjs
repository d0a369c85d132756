// The static checks of `npm test` (lint, both type-checks, electronegativity) side by side: none
// needs another's output, and on two cores they take ~25 s together instead of ~45 s in a row.
// Each one's output is printed whole once it ends; the run fails if any of them fails.
import { spawn } from 'node:child_process';

const checks = [
  ['lint', ['run', '--silent', 'lint']],
  ['typecheck', ['run', '--silent', 'typecheck']],
  ['security', ['run', '--silent', 'security']],
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
