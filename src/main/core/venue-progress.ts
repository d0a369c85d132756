// A new world's progress as the local venue tells it (src/venue/world/progress.ts): read from its
// stderr lines, and said in its status no more often than the windows need.
import type { z } from 'zod';
import { formatIssue } from '@shared/spec/index.js';
import { WORLD_PROGRESS_PREFIX, WorldProgress } from '@shared/ipc/venue-status.js';

/**
 * A stderr line of the venue: its world's progress when it has the progress prefix, else
 * undefined (a log line). A progress line that does not parse is an error naming what is wrong.
 */
export function parseProgressLine(line: string): WorldProgress | undefined {
  if (!line.startsWith(WORLD_PROGRESS_PREFIX)) return undefined;
  return parseVenueLine(WorldProgress, 'progress line', line.slice(WORLD_PROGRESS_PREFIX.length));
}

/** One JSON line the venue writes (`what`: its name in errors), read by `schema`; the error names what is wrong and quotes the line. */
export function parseVenueLine<T extends z.ZodType>(schema: T, what: string, line: string): z.output<T> {
  const quoted = JSON.stringify(line.length > 200 ? `${line.slice(0, 200)}…` : line);
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    throw new Error(`the local venue's ${what} is not JSON: ${quoted}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`the local venue's ${what} is not valid (${issue ? formatIssue(issue) : 'unexpected shape'}): ${quoted}`);
  }
  return parsed.data;
}

/** Holds back what comes too soon; `drop` forgets what it holds (the status moved on). */
export interface ProgressThrottle {
  offer(p: WorldProgress, shown: WorldProgress | undefined): void;
  drop(): void;
}

export interface ThrottleOptions {
  /** Least time between two progress statuses. */
  everyMs: number;
  now: () => number;
  /** Runs `fn` in `ms`; returns the cancel (tests drive it by hand). */
  schedule?: (fn: () => void, ms: number) => () => void;
}

const timeout = (fn: () => void, ms: number): (() => void) => {
  const t = setTimeout(fn, ms);
  return () => clearTimeout(t);
};

/**
 * Keeps the status from changing more than once per `everyMs` with progress alone: a report that
 * comes sooner is held back, and the latest one held is said once the time is up. 100% is said at
 * once; a report that does not move the percentage forward is dropped. The venue spaces its
 * reports already: this bounds what a burst of them (lines read all at once) sends to the windows.
 */
export function progressThrottle(opts: ThrottleOptions, show: (p: WorldProgress) => void): ProgressThrottle {
  const { everyMs, now, schedule = timeout } = opts;
  let shownAt = -Infinity;
  let held: WorldProgress | undefined;
  let cancel: (() => void) | undefined;
  const say = (p: WorldProgress): void => {
    held = undefined;
    shownAt = now();
    show(p);
  };
  const drop = (): void => {
    cancel?.();
    cancel = undefined;
    held = undefined;
  };
  return {
    drop,
    offer(p, shown) {
      const last = held ?? shown;
      if (last && p.percent <= last.percent) return;
      const wait = shownAt + everyMs - now();
      if (p.percent === 100 || wait <= 0) {
        drop();
        say(p);
        return;
      }
      held = p;
      cancel ??= schedule(() => {
        cancel = undefined;
        if (held) say(held);
      }, wait);
    },
  };
}
