// Kairos's own programs in processes of their own, as `npm run web` starts them: the built host
// (out/main/host.js, which starts the built venue beside it) or the built venue CLI, under plain
// Node. Browser tests of the host's launch, its embedded venue and its folder lock drive them.
// Built, not from source under tsx: the suite builds first anyway, and tsx's transform of every
// module at each start cost more CPU than the rest of those tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

export interface SourceProcess {
  child: ChildProcess;
  /** `performance.now()` just before the spawn: `lines` are timed from it. */
  startedAt: number;
  /** Its stderr lines so far, with the ms since spawn each came at. */
  lines: Array<{ at: number; line: string }>;
  /** Its first stdout line (the host's URL, the venue's start line), trimmed. */
  firstLine: Promise<string>;
  exited: Promise<number | null>;
  /** Its stderr so far, a line each. */
  said(): string;
  /** SIGTERM, and its exit waited for (nothing when it has exited). */
  stop(): Promise<void>;
}

/** Starts the built `program` (out/main/host.js or out/main/venue.js) with `args`. */
export function runBuilt(program: 'host' | 'venue', args: readonly string[]): SourceProcess {
  const file = resolve('out/main', `${program}.js`);
  if (!existsSync(file)) throw new Error(`${file} is missing: build first (npx electron-vite build)`);
  const t0 = performance.now();
  const child = spawn(process.execPath, [file, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: SourceProcess['lines'] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => lines.push({ at: performance.now() - t0, line }));
  const firstLine = new Promise<string>((done) => createInterface({ input: child.stdout! }).once('line', (line) => done(line.trim())));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const said = (): string => lines.map((l) => l.line).join('\n');
  return {
    child,
    startedAt: t0,
    lines,
    firstLine,
    exited,
    said,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Its first stdout line, failing with what it said on stderr when none comes within `ms`. */
export function firstLineOf(p: SourceProcess, what: string, ms = 90_000): Promise<string> {
  return within(p.firstLine, () => `${what} did not start:\n${p.said()}`, ms);
}

/** `promise`, or a failure naming `what` once `ms` have passed. */
export function within<T>(promise: Promise<T>, what: () => string, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, fail) => (timer = setTimeout(() => fail(new Error(what())), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
