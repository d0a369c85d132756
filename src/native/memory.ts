// Gives memory back after a burst of work. A catalog sync leaves tens of MB of garbage in the old
// generation; V8's memory reducer only collects it after 20–40 s of quiet, so for that long the
// core holds ~45 MB more than it needs. One full collection when the burst ends returns it at
// once. `gc` is not exposed without a command-line flag, which Electron's main cannot be given:
// setting the flag at run time exposes it to contexts created afterwards.
//
// The collection is V8's memory-reducing one ("last resort"): a plain full collection leaves the
// young generation at the size the burst grew it to (a 32 MB pair of semi-spaces in the core
// after a sync, resident though nearly empty); this one also shrinks it back to 1 MB. An engine
// that does not know the option runs a plain full collection.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Gc = (options?: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

let collect: Gc | null | undefined;
let collections = 0;

/** Runs a full garbage collection; a no-op where the engine refuses to expose one. */
export function collectGarbage(): void {
  if (collect === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      const gc: unknown = runInNewContext('typeof gc === "function" ? gc : undefined');
      collect = typeof gc === 'function' ? (gc as Gc) : null;
    } catch {
      collect = null;
    }
  }
  if (!collect) return;
  collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  collections++;
}

/** How many full collections `collectGarbage` has run in this process. */
export function garbageCollections(): number {
  return collections;
}
