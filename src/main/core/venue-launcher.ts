// Starts the embedded local venue in its own process (the venue never blocks the app) and reads
// the start line it prints once it listens. Electron forks it with utilityProcess, the browser
// host with child_process: only the spawning differs, so that is what a host passes in.
import { spawn as spawnChild } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import type { VenueProblem, WorldProgress } from '@shared/ipc/venue-status.js';
import type { LocalVenue, LocalVenueStatus } from './ports.js';
import { writeAtomic } from './prefs.js';
import { parseProgressLine, parseVenueLine, progressThrottle } from './venue-progress.js';
import { parseProblemLine, setVenueFolderAside, VenueStartError } from './venue-problem.js';

/** The venue's start line: its three base URLs, as one JSON object (src/venue/cli.ts). */
export const VenueUrls = z.object({
  catalog_url: z.url({ protocol: /^https?$/ }),
  trading_url: z.url({ protocol: /^https?$/ }),
  data_url: z.url({ protocol: /^https?$/ }),
});
export type VenueUrls = z.output<typeof VenueUrls>;

/** A venue process as the launcher sees it, whatever started it. */
export interface VenueChild {
  /** Calls back with each line the venue writes to stdout (the first is the start line). */
  onStdout(listener: (line: string) => void): void;
  /** Calls back with each line the venue writes to stderr (its log, and its world's progress). */
  onStderr(listener: (line: string) => void): void;
  /** Calls back once, when the process has exited. */
  onExit(listener: (code: number | null) => void): void;
  /** Asks the process to stop (SIGTERM or the host's equivalent). */
  kill(): void;
}

export interface LaunchOptions {
  spawn: () => VenueChild;
  /** Where the venue's log lines go. */
  onLog?: (line: string) => void;
  /** Told how far the venue's new world has come, as its progress lines say (not logged). */
  onProgress?: (progress: WorldProgress) => void;
  /** How long the venue may take to print its start line (the first start generates its world). */
  timeoutMs?: number;
}

export interface RunningVenue {
  urls: VenueUrls;
  /** Stops the venue and resolves once its process has exited. */
  stop(): Promise<void>;
  /** Calls back once, when the venue's process has exited for good (stopped or not). */
  onExit(listener: (code: number | null) => void): void;
}

export const VENUE_START_TIMEOUT_MS = 120_000;

/**
 * V8 flags for the venue's process (both hosts). V8 lets the young generation grow to 16 MB per
 * semi-space; at 2 MB the venue keeps 20–40 MB less resident, and its scavenges stay well under a
 * millisecond. Not for the core: there the extra scavenges of proxying a market page's polls cost
 * ~0.7% of a core, and Electron's main could not take V8 flags anyway (only on its command line).
 */
export const NODE_MEMORY_FLAGS: readonly string[] = ['--max-semi-space-size=2'];

/**
 * The environment for the venue's process (both hosts): `env` with glibc's malloc held to two
 * arenas and a fixed trim threshold. A first start generates the world on a worker thread, and
 * the memory that thread's own arena kept stayed resident for the venue's whole run: 27 MB on
 * default (152 -> 125 MB a few seconds after the start line; 3 MB on a later start). Freeing the
 * generator's large buffers also raised glibc's trim threshold (up to 32 MB), so the arena kept
 * ~8 MB more of free memory at its top; a fixed 128 KiB returns it (first start, no reads: 60 ->
 * 53 MB private). Ignored where malloc is not glibc's.
 */
export function venueEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: String(128 * 1024) };
}

/** The URLs a venue listening on `port` of the loopback prints (src/venue/cli.ts). */
export function venueUrlsAt(port: number): VenueUrls {
  const base = `http://127.0.0.1:${port}`;
  return { catalog_url: `${base}/catalog`, trading_url: `${base}/trading`, data_url: `${base}/data` };
}

/**
 * A loopback port free right now: `preferred` when nothing holds it, else one the OS picks. Kept
 * from run to run, it lets the app know the venue's URLs before the venue listens.
 */
export async function freePort(preferred?: number): Promise<number> {
  const tryListen = (port: number): Promise<number | undefined> =>
    new Promise((done) => {
      const server = createServer();
      server.once('error', () => done(undefined));
      server.listen(port, '127.0.0.1', () => {
        const got = (server.address() as AddressInfo).port;
        server.close(() => done(got));
      });
    });
  const port = (preferred ? await tryListen(preferred) : undefined) ?? (await tryListen(0));
  if (port === undefined) throw new Error('no free loopback port for the local venue');
  return port;
}

/**
 * The embedded venue's port for this launch: the one kept in `<dataDir>/local-venue.json` while it
 * is free, else a new one, kept for the next launch. Knowing it before the venue listens lets the
 * window open and show the cached catalog at once.
 */
export async function localVenuePort(dataDir: string): Promise<number> {
  const file = join(dataDir, 'local-venue.json');
  let kept: number | undefined;
  try {
    if (existsSync(file)) kept = z.object({ port: z.number().int().min(1).max(65_535) }).parse(JSON.parse(readFileSync(file, 'utf8'))).port;
  } catch {
    kept = undefined; // unreadable: a new port is chosen and written over it
  }
  const port = await freePort(kept);
  if (port !== kept) writeAtomic(file, `${JSON.stringify({ port })}\n`);
  return port;
}

/** Parses the start line; the error names what is wrong and quotes the line. */
export function parseStartLine(line: string): VenueUrls {
  return parseVenueLine(VenueUrls, 'start line', line);
}

export function launchVenue(opts: LaunchOptions): Promise<RunningVenue> {
  const timeoutMs = opts.timeoutMs ?? VENUE_START_TIMEOUT_MS;
  const child = opts.spawn();
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((done) =>
    child.onExit((code) => {
      exitCode = code;
      done();
    }),
  );
  const stop = async (): Promise<void> => {
    if (exitCode === undefined) child.kill();
    await exited;
  };
  let badProgress = false;
  // What the venue said last before it exited: its problem line, and its last log line.
  let problem: VenueProblem | undefined;
  let lastSaid: string | undefined;
  child.onStderr((line) => {
    let progress: WorldProgress | undefined;
    try {
      const said = parseProblemLine(line);
      if (said) {
        problem = said;
        return;
      }
      progress = parseProgressLine(line);
    } catch (err) {
      // Said once: a venue that writes them wrong writes several a second.
      if (!badProgress) opts.onLog?.(`kairos: ${(err as Error).message} (further ones are not said)`);
      badProgress = true;
      return;
    }
    if (progress) opts.onProgress?.(progress);
    else {
      if (line.startsWith('venue: ')) lastSaid = line.slice('venue: '.length);
      opts.onLog?.(line);
    }
  });

  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    // A venue that failed to start is not left running.
    const fail = (message: string, said?: VenueProblem): void =>
      settle(() => {
        if (exitCode === undefined) child.kill();
        reject(new VenueStartError(message, said));
      });
    const timer = setTimeout(() => fail(`the local venue did not start within ${timeoutMs / 1000} s`), timeoutMs);
    // The venue's own words, when it said why: they are the cause, the exit code only its end.
    void exited.then(() =>
      problem
        ? fail(`the local venue cannot start: ${problem.title}`, problem)
        : fail(`the local venue exited (code ${exitCode}) before it listened${lastSaid ? `: ${lastSaid}` : ''}`),
    );
    let first = true;
    child.onStdout((line) => {
      if (!first) return;
      first = false;
      let urls: VenueUrls;
      try {
        urls = parseStartLine(line);
      } catch (err) {
        fail((err as Error).message);
        return;
      }
      settle(() => resolve({ urls, stop, onExit: (listener) => void exited.then(() => listener(exitCode ?? null)) }));
    });
  });
}

/** What became of a supervised venue: it exited on its own, is being started again, is back, or stays down. */
export type VenueEvent =
  | { type: 'restarting'; code: number | null; requested?: boolean }
  | { type: 'restarted'; urls: VenueUrls }
  | { type: 'down'; code: number | null; reason: string };

export interface SuperviseOptions extends Omit<LaunchOptions, 'spawn' | 'onProgress'> {
  /** Starts a venue process; `port` is set on a restart, to listen where the first one did. */
  spawn: (port: number | undefined) => VenueChild;
  /**
   * A port to listen on, known before the venue listens: superviseVenue then resolves at once with
   * the URLs and the status `starting`, and the app shows what it has while the venue starts.
   */
  port?: number;
  /** Said while starting (e.g. that a first start generates the world). */
  startingReason?: string;
  /** Told when the venue exits on its own, is restarted, or is left down. */
  onEvent?: (event: VenueEvent) => void;
  /** Stamps each status (tests pin it). */
  now?: () => number;
  /** Least time between two statuses that only move a new world's progress (default 250 ms). */
  progressEveryMs?: number;
  /** The venue's data folder: what a new local world moves aside (without it, none is offered). */
  folder?: string;
}

/** A venue the app started and watches: its status, and a restart on request once it is down. */
export interface SupervisedVenue extends RunningVenue, LocalVenue {}

/** How a process ended, in words: its exit code, or a signal (a kill) when it has none. */
const howItEnded = (code: number | null): string => (code === null ? 'stopped by a signal' : `code ${code}`);

/**
 * Starts the venue and, if it exits while the app runs (not by stop()), starts it again once on
 * the same port, so that the URLs the app holds stay good. A second exit leaves it down, said in
 * a log line, an event and its status; from there only restart() starts it again (the automatic
 * restart happens once per run).
 */
export async function superviseVenue(opts: SuperviseOptions): Promise<SupervisedVenue> {
  const log = (line: string): void => opts.onLog?.(line);
  const now = opts.now ?? Date.now;
  const first = opts.port === undefined ? await launchVenue({ ...opts, spawn: () => opts.spawn(undefined) }) : undefined;
  const urls = first?.urls ?? venueUrlsAt(opts.port as number);
  const port = Number(new URL(urls.catalog_url).port) || undefined;
  let current: RunningVenue | undefined = first;
  let status: LocalVenueStatus = first ? { state: 'running', since: now() } : { state: 'starting', ...(opts.startingReason ? { reason: opts.startingReason } : {}), since: now() };
  const statusListeners = new Set<(status: LocalVenueStatus) => void>();
  // The start or last restart (automatic or asked for), which never rejects; stop() waits for it.
  let relaunching: Promise<void> | undefined;
  let autoRestartSpent = false;
  let stopping = false;
  let finalCode: number | null | undefined;
  const exitListeners: Array<(code: number | null) => void> = [];

  const tell = (): void => {
    for (const l of [...statusListeners]) l(status);
  };
  const setStatus = (next: Omit<LocalVenueStatus, 'since'>): void => {
    progress.drop();
    status = { ...next, since: now() };
    tell();
  };
  const progress = progressThrottle({ everyMs: opts.progressEveryMs ?? 250, now }, (p) => {
    status = { ...status, progress: p };
    tell();
  });
  /** A new world's progress, said while the venue is starting or restarting. */
  const onProgress = (p: WorldProgress): void => {
    if (status.state === 'starting' || status.state === 'restarting') progress.offer(p, status.progress);
  };
  const ended = (code: number | null): void => {
    finalCode = code;
    for (const l of exitListeners.splice(0)) l(code);
  };
  const down = (code: number | null, reason: string, problem?: VenueProblem): void => {
    const cure = !problem
      ? 'it stays stopped until it is restarted from the status bar or Kairos restarts'
      : problem.remedy === 'retry'
        ? 'the status bar offers to try again once that process has stopped'
        : 'the status bar offers a new local world, the old folder kept aside';
    log(`kairos: the local venue is down: ${problem ? `it cannot start: ${problem.detail}` : reason}; ${cure}`);
    setStatus({ state: 'down', reason, ...(problem ? { problem } : {}) });
    opts.onEvent?.({ type: 'down', code, reason });
  };
  /** Starts a process on the port; resolves once it listens at the expected URLs, or with it down. */
  const launch = (starting: boolean, code: number | null, requested: boolean, why?: string): Promise<void> => {
    if (!starting) {
      setStatus({ state: 'restarting', reason: why ?? (requested ? 'restart asked for' : `it exited unexpectedly (${howItEnded(code)})`) });
      opts.onEvent?.({ type: 'restarting', code, ...(requested ? { requested } : {}) });
    }
    const attempt = launchVenue({ ...opts, spawn: () => opts.spawn(port), onProgress }).then(
      async (venue) => {
        current = venue;
        if (stopping) return watch(venue);
        if (JSON.stringify(venue.urls) !== JSON.stringify(urls)) {
          await venue.stop();
          return down(null, `it came back at other addresses (${venue.urls.catalog_url}, not ${urls.catalog_url})`);
        }
        log(starting ? 'kairos: the local venue is running' : 'kairos: the local venue is running again');
        setStatus({ state: 'running' });
        if (!starting) opts.onEvent?.({ type: 'restarted', urls });
        watch(venue);
      },
      (err: unknown) => {
        const problem = err instanceof VenueStartError ? err.problem : undefined;
        down(code, problem ? `it cannot start: ${problem.title}` : `it could not be ${starting ? 'started' : 'restarted'}: ${err instanceof Error ? err.message : String(err)}`, problem);
      },
    );
    relaunching = attempt;
    return attempt;
  };
  const relaunch = (code: number | null, requested: boolean): Promise<void> => launch(false, code, requested);
  const watch = (venue: RunningVenue): void =>
    venue.onExit((code) => {
      if (stopping) return ended(code);
      if (autoRestartSpent) return down(code, `it exited again (${howItEnded(code)}) after being restarted`);
      autoRestartSpent = true;
      log(`kairos: the local venue exited unexpectedly (${howItEnded(code)}); restarting it once, on port ${port}`);
      void relaunch(code, false);
    });
  if (first) watch(first);
  else void launch(true, null, false);
  return {
    urls,
    async stop() {
      stopping = true;
      progress.drop();
      await relaunching;
      await current?.stop();
      if (finalCode === undefined) ended(null);
    },
    onExit(listener) {
      if (finalCode !== undefined) listener(finalCode);
      else exitListeners.push(listener);
    },
    status: () => status,
    onStatus(listener) {
      statusListeners.add(listener);
      return () => void statusListeners.delete(listener);
    },
    async restart() {
      if (stopping) throw new Error('the local venue is stopping with Kairos');
      if (status.state === 'restarting' || status.state === 'starting') await relaunching;
      else if (status.state === 'down') {
        log(`kairos: restarting the local venue on request, on port ${port}`);
        await relaunch(null, true);
      }
      const after = status;
      if (after.state !== 'running') throw new Error(after.reason ?? 'it did not start');
    },
    async startNewWorld() {
      if (stopping) throw new Error('the local venue is stopping with Kairos');
      if (!opts.folder) throw new Error("this Kairos does not know the local venue's folder");
      if (status.state !== 'down') throw new Error('the local venue is not stopped: a new world is only started in place of one that cannot start');
      const movedTo = setVenueFolderAside(opts.folder, now());
      log(`kairos: moved the local venue's folder ${opts.folder} aside to ${movedTo} (nothing in it was deleted); starting a new local world`);
      await launch(false, null, true, `starting a new local world (the old one is kept in ${movedTo})`);
      const after = status;
      if (after.state !== 'running') throw new Error(after.reason ?? 'it did not start');
      return { movedTo };
    },
  };
}

/**
 * A venue run by Node's child_process: `command args…`, its stdout and stderr read line by line.
 * Its stdin is a pipe this process holds open and never writes to: when this process goes, however
 * it goes, the pipe closes and a venue started with `--exit-with-parent` stops.
 */
export function nodeVenueChild(command: string, args: readonly string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): VenueChild {
  const child = spawnChild(command, args, { stdio: ['pipe', 'pipe', 'pipe'], ...options });
  // A venue that has exited closes its end: nothing is written, so nothing to report.
  child.stdin.on('error', () => undefined);
  return {
    onStdout: (listener) => void createInterface({ input: child.stdout }).on('line', listener),
    onStderr: (listener) => void createInterface({ input: child.stderr }).on('line', listener),
    // 'close', not 'exit': by then every line the venue wrote has been read.
    onExit: (listener) => void child.once('close', (code) => listener(code)),
    kill: () => void child.kill('SIGTERM'),
  };
}

/**
 * The venue CLI from source, under Node with tsx (the browser host in development), started with
 * `--exit-with-parent` so that it never outlives this process. tsx is given as a file URL and
 * pointed at the repo's tsconfig.json, so the `@shared/*` alias resolves whatever the working
 * directory is.
 */
export function sourceVenueChild(root: string, args: readonly string[], options: { cwd?: string } = {}): VenueChild {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return nodeVenueChild(process.execPath, ['--import', tsx, join(root, 'src/venue/cli.ts'), '--exit-with-parent', ...args], { ...options, env: { ...process.env, TSX_TSCONFIG_PATH: join(root, 'tsconfig.json') } });
}
