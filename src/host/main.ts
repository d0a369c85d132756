// `npm run web`: the app in a browser tab — the embedded venue in its own process, the real
// core, and the built renderer served on 127.0.0.1 with a per-run token. Prints the URL.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { privateDir } from '../native/private-files.js';
import { useNativeSecp256k1 } from '../native/secp256k1.js';
import { createCore } from '../main/core/index.js';
import { lockAppFolder } from '../main/core/instance.js';
import { localProfile } from '../main/core/local-profile.js';
import type { EventSink } from '../main/core/transport.js';
import { localVenuePort, NODE_MEMORY_FLAGS, nodeVenueChild, sourceVenueChild, superviseVenue, venueEnv, type VenueChild } from '../main/core/venue-launcher.js';
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
  // After the venue is spawned: a first start's world generation is the longest step of the launch.
  await useNativeSecp256k1();
  // The core starts before the host it pushes events to; events before that have no page to reach.
  const pages: { emit?: EventSink } = {};
  const core = createCore({
    dataDir,
    defaultProfile: localProfile(venue.urls),
    localVenue: venue,
    emit: (name, payload) => pages.emit?.(name, payload),
  });
  guard.onExit(() => core.close());
  const host = await startHost({ router: core.router, rendererDir: join(root, 'out/renderer'), port: Number(values.port), log });
  guard.onExit(() => host.close());
  pages.emit = host.emit;
  lock.note(`at ${host.url}`);
  process.stdout.write(`${host.url}\n`);
}

main().catch((err: unknown) => {
  log(`kairos: ${err instanceof Error ? err.message : String(err)}`);
  void guard.exit(1);
});
