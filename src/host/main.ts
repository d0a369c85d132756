// `npm run web`: the app in a browser tab — the embedded venue in its own process, the real
// core, and the built renderer served on 127.0.0.1 with a per-run token. Prints the URL.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { keepCompiledCode, saveCompiledCode } from '../native/compile-cache.js';
import { privateDir } from '../native/private-files.js';
import { lockAppFolder } from '../main/core/instance.js';
import type { Core } from '../main/core/index.js';
import { deferredDispatcher, type EventSink } from '../main/core/transport.js';
import { localVenuePort, NODE_MEMORY_FLAGS, nodeVenueChild, sourceVenueChild, superviseVenue, venueEnv, type SupervisedVenue, type VenueChild } from '../main/core/venue-launcher.js';
import { guardProcess, stoppedOnExit } from './lifecycle.js';
import { startHost } from './server.js';

export function defaultDataDir(): string {
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Kairos');
  if (process.platform === 'win32') return join(process.env['APPDATA'] ?? join(homedir(), 'AppData', 'Roaming'), 'Kairos');
  return join(process.env['XDG_CONFIG_HOME'] ?? join(homedir(), '.config'), 'Kairos');
}

const log = (line: string): void => void process.stderr.write(`${line}\n`);
// Installed before anything starts: whatever ends this process stops what it started first.
const guard = guardProcess({ log });

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      port: { type: 'string', default: '0' },
      'venue-size': { type: 'string' },
      'no-simulator': { type: 'boolean', default: false },
    },
  });
  const dataDir = resolve(values['data-dir'] ?? defaultDataDir());
  const root = fileURLToPath(new URL('../..', import.meta.url));
  // Built (out/main/host.js), the venue beside it is built too and runs under plain Node as
  // Electron's utilityProcess runs it; from source (tsx src/host/main.ts) it runs under tsx.
  const builtVenue = join(import.meta.dirname, 'venue.js');
  const venueChild = existsSync(builtVenue)
    ? (args: string[]): VenueChild => nodeVenueChild(process.execPath, [...NODE_MEMORY_FLAGS, builtVenue, '--exit-with-parent', ...args], { env: venueEnv() })
    : (args: string[]): VenueChild => sourceVenueChild(root, args);
  const venueArgs = ['--data-dir', join(dataDir, 'venue'), ...(values['venue-size'] ? ['--size', values['venue-size']] : []), ...(values['no-simulator'] ? ['--no-simulator'] : [])];
  // Before anything touches the folder: a second app on it stops here, naming the first.
  const lock = lockAppFolder(dataDir);
  guard.onExit(() => lock.release());
  const firstStart = !existsSync(join(dataDir, 'venue', 'venue.sqlite'));
  privateDir(dataDir);
  // The venue's URLs are known before it listens: the page opens on the cached catalog at once
  // and the status bar says the venue is starting (on a first start, generating its world).
  // A venue that exits while the host runs is started again once, on the same port; after a
  // second exit the page's status bar offers a restart (log lines say so). One stop step for
  // every venue process, registered now: a restarted one is stopped after the core closes too.
  const spawnVenue = stoppedOnExit(guard, (port: number | undefined) => venueChild([...venueArgs, ...(port ? ['--port', String(port)] : [])]));
  const venue = await superviseVenue({
    port: await localVenuePort(dataDir),
    ...(firstStart ? { startingReason: 'first start: generating its world' } : {}),
    spawn: spawnVenue,
    // A folder the venue cannot start on is moved aside here when the page asks for a new world.
    folder: join(dataDir, 'venue'),
    onLog: log,
  });
  // Stopping the host stops it for good: the exit that follows is not one to restart after.
  guard.onExit(() => venue.stop());
  // The page is served next and loads while the core's modules load and it opens its data (the
  // two take about as long): its first calls wait for the core, then go out at once.
  let begin: (core: Promise<Core>) => void = () => undefined;
  const core = new Promise<Core>((done, fail) => (begin = (c) => void c.then(done, fail)));
  // Stopped in the order they started in reverse: the page's host, then the core, then the venue.
  guard.onExit(() => core.then((c) => c.close(), () => undefined));
  const pages: { emit?: EventSink } = {};
  const host = await startHost({ router: deferredDispatcher(core.then((c) => c.router)), rendererDir: join(root, 'out/renderer'), port: Number(values.port), log });
  guard.onExit(() => host.close());
  pages.emit = host.emit;
  lock.note(`at ${host.url}`);
  process.stdout.write(`${host.url}\n`);
  begin(loadCore(dataDir, venue, (name, payload) => pages.emit?.(name, payload)));
  await core;
  saveCompiledCode();
}

/** The core, loaded after the venue is spawned and the page served: its modules are most of the host's start. */
async function loadCore(dataDir: string, venue: SupervisedVenue, emit: EventSink): Promise<Core> {
  keepCompiledCode(dataDir);
  const [{ createCore }, { localProfile }, { useNativeSecp256k1 }] = await Promise.all([import('../main/core/index.js'), import('../main/core/local-profile.js'), import('../native/secp256k1.js')]);
  await useNativeSecp256k1();
  return createCore({ dataDir, defaultProfile: localProfile(venue.urls), localVenue: venue, emit });
}

main().catch((err: unknown) => {
  log(`kairos: ${err instanceof Error ? err.message : String(err)}`);
  void guard.exit(1);
});
