// The browser host as the benches run it: built (out/main/host.js, with the venue built beside
// it), under the project's Node, as Electron runs its prebuilt main and venue. Not tsx: its
// compiler would add its start-up time and memory to both processes.
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { RENDERER } from '../e2e/support.js';

export const HOST = join(RENDERER, '..', 'main', 'host.js');

export function spawnHost(args: string[], stdio: StdioOptions): ChildProcess {
  if (!existsSync(join(RENDERER, 'index.html')) || !existsSync(HOST)) throw new Error('the app is not built: run npm run build first');
  return spawn(process.execPath, [HOST, ...args], { stdio });
}
