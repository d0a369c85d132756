// `npm run web`: the app in a browser tab (start.ts). This entry locks the data folder and turns
// on the compile cache before the rest of the host loads: loaded after it, the host's modules
// come from the code compiled at the last start instead of being compiled again.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { keepCompiledCode } from '../native/compile-cache.js';
import { lockAppFolder } from '../main/core/instance.js';
import { guardProcess } from './lifecycle.js';

export function defaultDataDir(): string {
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Kairos');
  if (process.platform === 'win32') return join(process.env['APPDATA'] ?? join(homedir(), 'AppData', 'Roaming'), 'Kairos');
  return join(process.env['XDG_CONFIG_HOME'] ?? join(homedir(), '.config'), 'Kairos');
}

const log = (line: string): void => void process.stderr.write(`${line}\n`);
// Installed before anything starts: whatever ends this process stops what it started first.
const guard = guardProcess({ log });

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      port: { type: 'string', default: '0' },
      'venue-size': { type: 'string' },
      'no-simulator': { type: 'boolean', default: false },
    },
  });
  const dataDir = resolve(values['data-dir'] ?? defaultDataDir());
  // Before anything touches the folder: a second app on it stops here, naming the first.
  const lock = lockAppFolder(dataDir);
  guard.onExit(() => lock.release());
  keepCompiledCode(dataDir);
  const { runHost } = await import('./start.js');
  await runHost(import.meta.dirname, dataDir, values, lock, guard, log);
}

main().catch((err: unknown) => {
  log(`kairos: ${err instanceof Error ? err.message : String(err)}`);
  void guard.exit(1);
});
