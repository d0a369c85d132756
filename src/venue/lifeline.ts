// The embedded venue lives only as long as the app that started it: a venue left running by a
// host that died would hold the data folder (and its port) with no one to use it.
// Under child_process the launcher keeps a pipe on the venue's stdin open: the pipe closes when
// the parent goes, however it goes. Under Electron's utilityProcess there is no stdin, and
// process.parentPort has no 'close' event (Electron 45's ParentPort emits only 'message'), so
// the venue watches its parent pid: a parent that dies leaves its child to another parent, or
// is gone from the process table. The pid watch runs under child_process too, as a second line.
import { pidAlive } from './lock.js';

/** The part of a readable stream (the venue's stdin) the lifeline reads. */
export interface StdinLike {
  on(event: 'end' | 'close', listener: () => void): unknown;
  resume(): unknown;
}

export interface LifelineOptions {
  /** The pipe the launcher holds open (child_process); its end means the parent is gone. */
  stdin?: StdinLike;
  /** The parent's pid now, read on every check (default: process.ppid); 0 turns polling off. */
  parentPid?: () => number;
  alive?: (pid: number) => boolean;
  pollMs?: number;
  /** Called once, with words saying how the parent was found gone. */
  onGone: (reason: string) => void;
}

/** Watches for the parent to go; returns a function that stops watching. */
export function watchParent(opts: LifelineOptions): () => void {
  let done = false;
  let timer: NodeJS.Timeout | undefined;
  const gone = (reason: string): void => {
    if (done) return;
    done = true;
    clearInterval(timer);
    opts.onGone(reason);
  };
  if (opts.stdin) {
    opts.stdin.on('end', () => gone('its stdin closed'));
    opts.stdin.on('close', () => gone('its stdin closed'));
    // Read (and drop) whatever comes, so that the end is seen.
    opts.stdin.resume();
  }
  const parentPid = opts.parentPid ?? (() => process.ppid);
  const alive = opts.alive ?? pidAlive;
  const first = parentPid();
  if (first > 1) {
    timer = setInterval(() => {
      const now = parentPid();
      if (now !== first) gone(`its parent (pid ${first}) is gone`);
      else if (!alive(first)) gone(`its parent (pid ${first}) is gone`);
    }, opts.pollMs ?? 1000);
    timer.unref();
  }
  return () => {
    done = true;
    clearInterval(timer);
  };
}
