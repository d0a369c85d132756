// Runs electronegativity over the source and fails on any finding of medium severity or above.
// (The tool reports but never fails a build itself.) Offline it cannot look up Electron's
// releases, so the installed version is given explicitly.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const electron = require('electron/package.json').version;
const dir = mkdtempSync(join(tmpdir(), 'kairos-eneg-'));
const out = join(dir, 'report.csv');
try {
  execFileSync(process.execPath, [require.resolve('@doyensec/electronegativity/dist/index.js'), '-i', 'src', '-r', '-v', 'false', '-e', electron, '-o', out], { stdio: ['ignore', 'ignore', 'ignore'] });
  const rows = readFileSync(out, 'utf8').trim().split('\n').slice(1);
  const serious = rows.filter((r) => /^[A-Z_]+,"(MEDIUM|HIGH|CRITICAL)"/.test(r));
  console.log(`electronegativity (Electron ${electron}): ${rows.length} findings, ${serious.length} of medium severity or above`);
  for (const r of serious) console.log(`  ${r}`);
  process.exitCode = serious.length > 0 ? 1 : 0;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
