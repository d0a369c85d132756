// The browser host once its folder is locked (main.ts): the embedded venue in its own process,
// the real core, and the built renderer served on 127.0.0.1 with a per-run token. Prints the URL.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { saveCompiledCode } from '../native/compile-cache.js';
import { privateDir } from '../native/private-files.js';
import type { PidLock } from '../native/pid-lock.js';
import type { Core } from '../main/core/index.js';
import { deferredDispatcher, type EventSink } from '../main/core/transport.js';
import { localVenuePort, NODE_MEMORY_FLAGS, nodeVenueChild, sourceVenueChild, superviseVenue, venueEnv, type SupervisedVenue, type VenueChild } from '../main/core/venue-launcher.js';
import { stoppedOnExit, type ProcessGuard } from './lifecycle.js';
import { startHost } from './server.js';

/** How long the core waits for a page to come for its files before it loads anyway. */
const NO_PAGE_MS = 1_000;

export interface HostArgs {
  port: string;
  'venue-size'?: string | undefined;
  'no-simulator': boolean;
}

/** `entryDir`: the folder of the host's entry (main.ts, or out/main/host.js built), which this module's may not be. */
export async function runHost(entryDir: string, dataDir: string, values: HostArgs, lock: PidLock, guard: ProcessGuard, log: (line: string) => void): Promise<void> {
  const root = resolve(entryDir, '../..');
  // Built (out/main/host.js), the venue beside it is built too and runs under plain Node as
  // Electron's utilityProcess runs it; from source (tsx src/host/main.ts) it runs under tsx.
  const builtVenue = join(entryDir, 'venue.js');
  const venueChild = existsSync(builtVenue)
    ? (args: string[]): VenueChild => nodeVenueChild(process.execPath, [...NODE_MEMORY_FLAGS, builtVenue, '--exit-with-parent', ...args], { env: venueEnv() })
    : (args: string[]): VenueChild => sourceVenueChild(root, args);
  const venueArgs = ['--data-dir', join(dataDir, 'venue'), ...(values['venue-size'] ? ['--size', values['venue-size']] : []), ...(values['no-simulator'] ? ['--no-simulator'] : [])];
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
  // The page is served next and runs its scripts while the core's modules load and it opens its
  // data (the two take about as long): its first calls wait for the core, then go out at once.
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
  // The core's loading holds this thread for a few hundred ms, which would hold back the page's
  // files: it begins once they are sent (or no page came for them).
  const shellOrNoPage = Promise.race([host.shellServed, new Promise<void>((done) => setTimeout(done, NO_PAGE_MS).unref())]);
  begin(shellOrNoPage.then(() => loadCore(dataDir, venue, (name, payload) => pages.emit?.(name, payload))));
  await core;
  saveCompiledCode();
}

/** The core, loaded after the venue is spawned and the page served: its modules are most of the host's start. */
async function loadCore(dataDir: string, venue: SupervisedVenue, emit: EventSink): Promise<Core> {
  const [{ createCore }, { localProfile }, { useNativeSecp256k1 }] = await Promise.all([import('../main/core/index.js'), import('../main/core/local-profile.js'), import('../native/secp256k1.js')]);
  await useNativeSecp256k1();
  return createCore({ dataDir, defaultProfile: localProfile(venue.urls), localVenue: venue, emit });
}
