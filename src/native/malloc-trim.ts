// Gives glibc's free heap pages back to the system. glibc's free() returns memory only from the
// top of a heap; the free pages between live chunks stay resident until malloc_trim() is called.
// After a first launch they were ~9 MB of the core's memory and ~11 MB of the venue's (measured
// by calling malloc_trim from a debugger), left there by SQLite's writes and freed buffers.
//
// Node has no way to call a C function, and an FFI library costs ~11 MB per process to load. SQLite
// does have one: its extension loader opens a shared library and calls a named symbol in it as
// `int init(sqlite3 *db, char **err, const sqlite3_api_routines *api)`. Named `malloc_trim`, that
// is malloc_trim(pad) with the connection's address as `pad` (the other arguments are ignored, as
// the x86-64 and AArch64 calling conventions allow). The pad only bounds what is cut from the
// main heap's top, so with one this large nothing is cut there (free() trims the top on its own);
// the free pages inside every heap are released whatever it is. malloc_trim returns 1 when it
// released memory, which SQLite reports as an error during initialization.
import Database from 'better-sqlite3';

/** False once the call is known not to work here (not Linux, or a C library without malloc_trim). */
let available = process.platform === 'linux';

/** Releases glibc's free heap pages to the system; false where that cannot be done. */
export function trimMalloc(): boolean {
  if (!available) return false;
  const db = new Database(':memory:');
  // better-sqlite3 passes an entry point on to SQLite; its published types omit the parameter.
  const load = db.loadExtension.bind(db) as (file: string, entryPoint: string) => unknown;
  try {
    load('libc.so.6', 'malloc_trim');
    return true;
  } catch (err) {
    if (/error during initialization/.test((err as Error).message)) return true;
    // No glibc (musl has no libc.so.6) or no such symbol: never again.
    available = false;
    return false;
  } finally {
    db.close();
  }
}
