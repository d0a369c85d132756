// Node's compile cache as the venue and the host turn it on: in a private folder of the data
// folder, holding the modules loaded after it once they are written out.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { COMPILE_CACHE_DIR } from '../../native/compile-cache.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

it('keeps the compiled code of the modules loaded after it, in a folder only the user can read', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kairos-compile-cache-'));
  dirs.push(dataDir);
  const cache = pathToFileURL(resolve('src/native/compile-cache.ts')).href;
  const script = `const c = await import(${JSON.stringify(cache)}); c.keepCompiledCode(${JSON.stringify(dataDir)}); await import('zod'); c.saveCompiledCode();`;
  // Without a cache of the environment's (the test run may set one for every process it starts).
  const env = { ...process.env };
  delete env['NODE_COMPILE_CACHE'];
  execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: 'pipe', env });
  const dir = join(dataDir, COMPILE_CACHE_DIR);
  expect(statSync(dir).mode & 0o777).toBe(0o700);
  // One folder per Node version and flags, holding an entry per module compiled.
  const entries = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  expect(entries.length).toBeGreaterThan(0);
});
