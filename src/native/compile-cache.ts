// The compiled code of the app's modules kept on disk from one start to the next (Node's compile
// cache): a later start of the venue or the host skips compiling the venue's 2 MB server chunk
// and the core's modules again (about 8% of a warm venue start's CPU here). Kept in a private
// folder under the data folder, never a shared temporary one, since it holds code that runs.
import module from 'node:module';
import { join } from 'node:path';
import { privateDir } from './private-files.js';

export const COMPILE_CACHE_DIR = 'compile-cache';

/** Modules loaded from now on are compiled once and kept under `dataDir`; without Node's support, nothing changes. */
export function keepCompiledCode(dataDir: string): void {
  const enable = (module as { enableCompileCache?: (dir: string) => unknown }).enableCompileCache;
  if (typeof enable !== 'function') return;
  try {
    const dir = join(dataDir, COMPILE_CACHE_DIR);
    privateDir(dir);
    enable(dir);
  } catch {
    // A start without the cache is only a little slower.
  }
}

/** Writes what was compiled so far to the cache: once a start's modules are loaded, not left to an exit that may never be clean. */
export function saveCompiledCode(): void {
  try {
    (module as { flushCompileCache?: () => void }).flushCompileCache?.();
  } catch {
    // As above: the next start compiles again.
  }
}
