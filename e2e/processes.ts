// Kairos's own programs in processes of their own, as `npm run web` and `npm run venue` start
// them: a source file under Node with tsx. Browser tests of the host's launch, its embedded
// venue and its folder lock drive them.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

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

/** Starts `file` (from the repository's root) with `args`. */
export function runSource(file: string, args: readonly string[]): SourceProcess {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', TSX, resolve(file), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, TSX_TSCONFIG_PATH: resolve('tsconfig.json') },
  });
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
