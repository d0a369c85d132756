// `npm run venue -- --port 0 --data-dir DIR [--size small|default|large] [--seed N] [--spec-only]`
// Prints one JSON line with the three base URLs (spec-only: also the paper account and the order
// domain) once listening; stops on SIGINT/SIGTERM, and with `--exit-with-parent` when the process
// that started it goes. One venue per data folder: a second one on the same folder exits at once.
import { parseArgs } from 'node:util';
import { isMainThread } from 'node:worker_threads';
import { fstatSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseMicros } from '@shared/domain/money.js';
import type { WorldSize } from './server.js';
import { REPRESENTATIONS, type Representation } from './representation.js';
import { beginWorld } from './world/job.js';
import { DB_FILE, getMeta, steadyPageCache } from './db/open.js';
import { inspectDataDir, resetDataDir } from './data-dir.js';
import { watchParent } from './lifeline.js';
import { DataDirLocked, lockDataDir } from './lock.js';
import { problemLine, startProblemOf, VenueStartProblem } from './start-problem.js';
import { WORLD_PROGRESS_PREFIX, type WorldProgress } from './world/progress.js';
import { collectAfterBursts, collectGarbage, garbageCollections, scavengeCounter } from '../native/memory.js';
import { keepCompiledCode, saveCompiledCode } from '../native/compile-cache.js';

const SIZES: readonly WorldSize[] = ['small', 'default', 'large'];
/** After the start line: long enough for an app to have come and made its first reads. */
const START_GARBAGE_DELAY_MS = 10_000;

/** The database of the data folder, once known: what a damaged-database problem names. */
let dbFile: string | undefined;

/** Exits (code 2) saying why; a problem is said first on its own line, for the launcher to act on. */
function fail(message: string, problem?: VenueStartProblem): never {
  if (problem) process.stderr.write(`${problemLine(problem)}\n`);
  process.stderr.write(`venue: ${message}\n`);
  process.exit(2);
}

/** Fails with what stopped the start, as a problem when it is one. */
function failWith(err: unknown): never {
  const message = err instanceof Error ? err.message : String(err);
  return fail(message, dbFile === undefined ? undefined : startProblemOf(err, dbFile));
}

function intOption(name: string, raw: string | undefined, min: number): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < min) fail(`--${name} must be an integer ≥ ${min}, got "${raw}"`);
  return n;
}

/**
 * Whether stdin is a pipe from the parent (the launcher's child_process venue), whose end means
 * the parent is gone. Under Electron's utilityProcess (which has a parent port) stdin is not the
 * parent's, nor is /dev/null or a terminal: only the parent pid is watched then.
 */
function stdinIsParentPipe(): boolean {
  if ((process as { parentPort?: unknown }).parentPort != null) return false;
  try {
    const st = fstatSync(0);
    return st.isFIFO() || st.isSocket();
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  if (process.argv[2] === 'admin') {
    const { values, positionals } = parseArgs({ args: process.argv.slice(3), options: { 'data-dir': { type: 'string', default: '.venue-data' } }, allowPositionals: true });
    const { adminCommand } = await import('./admin.js');
    process.stdout.write(`${await adminCommand(resolve(values['data-dir']), positionals)}\n`);
    return;
  }
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      host: { type: 'string', default: '127.0.0.1' },
      'data-dir': { type: 'string', default: '.venue-data' },
      size: { type: 'string' },
      seed: { type: 'string' },
      anchor: { type: 'string' },
      'rate-limit-scale': { type: 'string' },
      'no-rate-limit': { type: 'boolean', default: false },
      log: { type: 'boolean', default: false },
      'no-simulator': { type: 'boolean', default: false },
      'paper-cash': { type: 'string' },
      'header-prefix': { type: 'string' },
      'chain-id': { type: 'string' },
      'exchange-name': { type: 'string' },
      'exchange-address': { type: 'string' },
      'neg-risk-exchange-address': { type: 'string' },
      block: { type: 'string', multiple: true, default: [] },
      'spec-only': { type: 'boolean', default: false },
      representation: { type: 'string', default: 'plain' },
      misbehave: { type: 'boolean', default: false },
      'admin-routes': { type: 'boolean', default: false },
      reset: { type: 'boolean', default: false },
      'exit-with-parent': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(
      'Usage: npm run venue -- [--port 0] [--data-dir DIR] [--size small|default|large] [--seed N]\n' +
        '                        [--anchor EPOCH_MS] [--rate-limit-scale X | --no-rate-limit] [--log]\n' +
        '                        [--no-simulator] [--paper-cash USD] [--header-prefix SERVICE] [--chain-id 31337]\n' +
        '                        [--exchange-name NAME] [--exchange-address 0x…] [--neg-risk-exchange-address 0x…]\n' +
        '                        [--block 0xADDRESS]… [--spec-only] [--representation plain|varied] [--misbehave]\n' +
        '                        [--admin-routes] [--reset] [--exit-with-parent]\n' +
        '       npm run venue -- admin <resolve|pause|activate|close|archive> <condition_id> [winner] [--data-dir DIR]\n',
    );
    return;
  }
  // --size only shapes a new world; an existing data dir keeps the one it holds.
  const size = values.size as WorldSize | undefined;
  if (size !== undefined && !SIZES.includes(size)) fail(`--size must be one of ${SIZES.join(', ')}, got "${values.size}"`);
  const representation = values.representation as Representation;
  if (!REPRESENTATIONS.includes(representation)) fail(`--representation must be one of ${REPRESENTATIONS.join(', ')}, got "${values.representation}"`);
  if (values.host !== '127.0.0.1' && values.host !== 'localhost' && values.host !== '::1') {
    process.stderr.write(`venue: warning: listening on ${values.host}, not only on loopback\n`);
  }
  let scale = 1;
  if (values['rate-limit-scale'] !== undefined) {
    scale = Number(values['rate-limit-scale']);
    if (!(scale >= 0)) fail(`--rate-limit-scale must be a number ≥ 0, got "${values['rate-limit-scale']}"`);
  }
  if (values['no-rate-limit']) scale = 0;
  if (scale !== 1) process.stderr.write(scale === 0 ? 'venue: rate limits are OFF\n' : `venue: rate limits scaled by ${scale}\n`);

  const address = (name: string, raw: string | undefined): string | undefined => {
    if (raw !== undefined && !/^0x[0-9a-fA-F]{40}$/.test(raw)) fail(`--${name} must be a 0x-prefixed 20-byte address, got "${raw}"`);
    return raw?.toLowerCase();
  };
  for (const a of values.block) address('block', a);
  let paperCashMicro: number | undefined;
  if (values['paper-cash'] !== undefined) {
    if (!/^\d{1,12}(\.\d{1,6})?$/.test(values['paper-cash'])) fail(`--paper-cash must be an amount like 10000 or 2500.50, got "${values['paper-cash']}"`);
    paperCashMicro = Number(parseMicros(values['paper-cash']));
  }
  if (values['header-prefix'] !== undefined && !/^[A-Za-z][A-Za-z0-9]*$/.test(values['header-prefix'])) fail(`--header-prefix must be letters and digits, got "${values['header-prefix']}"`);
  const settings = Object.fromEntries(
    Object.entries({
      headerPrefix: values['header-prefix']?.toUpperCase(),
      chainId: intOption('chain-id', values['chain-id'], 1),
      exchangeName: values['exchange-name'],
      exchangeAddress: address('exchange-address', values['exchange-address']),
      negRiskExchangeAddress: address('neg-risk-exchange-address', values['neg-risk-exchange-address']),
      paperCashMicro,
    }).filter(([, v]) => v !== undefined),
  );

  const dataDir = resolve(values['data-dir']);
  dbFile = resolve(dataDir, DB_FILE);
  // The lock comes first: nothing below may touch a folder another venue runs on.
  const lock = ((): ReturnType<typeof lockDataDir> => {
    try {
      return lockDataDir(dataDir);
    } catch (err) {
      return fail((err as Error).message, err instanceof DataDirLocked ? new VenueStartProblem('locked', err.message) : undefined);
    }
  })();
  process.on('exit', () => lock.release());

  const running: { stop?: () => void } = {};
  if (values['exit-with-parent']) {
    watchParent({
      ...(stdinIsParentPipe() ? { stdin: process.stdin } : {}),
      onGone: (reason) => {
        process.stderr.write(`venue: stopping: ${reason}\n`);
        if (running.stop) running.stop();
        else process.exit(0);
      },
    });
  }

  const state = inspectDataDir(dataDir);
  if (values.reset) {
    if (!state.missing) {
      fail(`--reset starts a new world only in a data folder whose database is missing or empty; ${dataDir} holds one (seed ${state.world?.seed}, size ${state.world?.size ?? 'unknown'}): move that folder away to start over`);
    }
    const removed = resetDataDir(dataDir);
    process.stderr.write(`venue: --reset: ${removed.length ? `removed ${removed.join(', ')} from ${dataDir}; ` : ''}generating a new world\n`);
  } else if (state.missing && state.leftovers.length > 0) {
    const message =
      `the data folder ${dataDir} was used before (it holds ${state.leftovers.join(', ')}) but ${state.missing}: its orders, positions and accounts are not there. ` +
      'Restore the database from a backup, or start with --reset to discard what is left and generate a new world.';
    fail(message, new VenueStartProblem(state.problem ?? 'damaged-database', message));
  }
  const started = Date.now();
  const worldOptions = {
    dataDir,
    size,
    seed: intOption('seed', values.seed, 0),
    anchor: intOption('anchor', values.anchor, 0),
    settings,
    // A line of its own on stderr, apart from the log: the launcher shows it in the status bar.
    onWorldProgress: (progress: WorldProgress) => void process.stderr.write(`${WORLD_PROGRESS_PREFIX}${JSON.stringify(progress)}\n`),
  };
  // A missing world is begun before the server's code loads: on a first start that is the
  // launch's longest step, and the ~0.2 s of loading overlaps it instead of preceding it.
  const world = beginWorld(worldOptions);
  keepCompiledCode(dataDir);
  const { startVenue } = await import('./server.js');
  const venue = await startVenue({
    ...worldOptions,
    world,
    host: values.host,
    port: intOption('port', values.port, 0),
    rateLimitScale: scale,
    log: values.log,
    blocked: values.block,
    simulator: !values['no-simulator'],
    specOnly: values['spec-only'],
    representation,
    misbehave: values.misbehave,
    adminRoutes: values['admin-routes'],
  });
  process.stderr.write(`venue: data in ${dataDir} (size ${getMeta(venue.db, 'size') ?? 'unknown'}), ready in ${Date.now() - started} ms\n`);
  // Before the start line: a parent may ask it to stop as soon as it has read that line.
  let closing = false;
  const stop = (): void => {
    if (closing) return;
    closing = true;
    venue.close().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`venue: error while stopping: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  running.stop = stop;
  // Spec-only mode adds the paper account and the order domain: it has no key endpoint or /version.
  process.stdout.write(`${JSON.stringify(venue.startLine)}\n`);
  saveCompiledCode();
  // Opening (or generating) the world leaves tens of MB of garbage that V8 would keep for a
  // while: give it back once the app's first reads are over (its catalog sync makes ~20
  // scavenges on default), or after START_GARBAGE_DELAY_MS when no app has come.
  // The page cache goes down to its steady size then too.
  const scavenges = scavengeCounter().count;
  const first = garbageCollections();
  const settle = (): void => steadyPageCache(venue.db);
  const stopFirst = collectAfterBursts(scavenges, { everyMs: 1_000, burst: 10, quiet: 2, once: true, atEnd: settle });
  setTimeout(() => {
    stopFirst();
    if (garbageCollections() !== first) return;
    settle();
    collectGarbage();
  }, START_GARBAGE_DELAY_MS).unref();
  // And after each later burst of work: requests are a poor count of it (a sync is 25 pages,
  // each a large answer). A burst is seconds of three or more scavenges each; the simulator's
  // ticks and a page's polls never make one, so steady work is left to V8.
  collectAfterBursts(scavenges, { everyMs: 1_000, burst: 30, quiet: 3 });
}

// A thread that loads this file (world/worker.ts may load the bundle holding it) starts no venue.
if (isMainThread) main().catch(failWith);
