// malloc_trim through SQLite's extension loader: glibc's free pages between live chunks go back.
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';
import { trimMalloc } from '../../native/malloc-trim.js';

const privateKib = (): number => Number(/RssAnon:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]);
const glibc = process.platform === 'linux' && Boolean((process.report?.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime);

it.skipIf(!glibc)('releases the free pages left between live heap chunks (glibc only; elsewhere it does nothing)', async () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  // 400 buffers of 64 KiB from the C heap, written so that their pages are resident; every other
  // one let go leaves 12.5 MB free between live ones, which free() keeps.
  const buffers: Array<Buffer | undefined> = Array.from({ length: 400 }, (_, i) => Buffer.allocUnsafeSlow(64 * 1024).fill(i));
  for (let i = 0; i < buffers.length; i += 2) buffers[i] = undefined;
  gc();
  // V8 frees the buffers' memory on a helper thread after the collection.
  await new Promise((done) => setTimeout(done, 100));
  const before = privateKib();
  expect(trimMalloc()).toBe(true);
  expect(before - privateKib()).toBeGreaterThan(8 * 1024);
  expect(buffers.filter(Boolean)).toHaveLength(200);
});
