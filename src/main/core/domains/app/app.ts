// The app itself: what it is and where its data lives, updates, emptying the cache, the venue
// as the app runs it (the embedded venue's process, its status, a restart once it is down or a
// new world once it cannot start on its folder; what the active venue offers), and trimming the young generation's memory while it runs.
import { secp256k1BackendName } from '@shared/crypto/index.js';
import type { CallOutput } from '@shared/ipc/contract.js';
import { trimYoungGeneration } from '../../../../native/memory.js';
import type { UpdateStatus } from '../../updates.js';
import type { LocalVenue } from '../../ports.js';
import { AppError } from '../../router.js';
import type { CoreContext, HandlersOf } from '../../context.js';
import type { Domain } from '../../registrar.js';

type AppCalls = 'app.info' | 'app.damagedFiles' | 'app.revealDataFolder' | 'app.checkForUpdates' | 'cache.reset' | 'venue.status' | 'venue.restart' | 'venue.newWorld' | 'venue.capabilities';

export interface AppOptions {
  /** Opens a folder in the OS file manager (Electron's shell); the browser host has none. */
  reveal?: (path: string) => Promise<boolean>;
  /** Auto-update, where the host has it (the installed desktop app). */
  updates?: { check(): Promise<UpdateStatus> };
  /** The embedded venue the host started and watches; absent when the host started none. */
  localVenue?: LocalVenue;
}

export interface AppDeps {
  /** After the cache is emptied: what the sync knew of it is forgotten too. */
  cacheReset(): void;
}

export function appDomain(ctx: CoreContext, opts: AppOptions, deps: AppDeps): Domain {
  const { localVenue } = opts;
  /** The embedded venue when it is the active profile's venue. */
  const activeLocal = (): LocalVenue | undefined => (localVenue && ctx.session().profile.kind === 'local' ? localVenue : undefined);
  const venueStatus = (): CallOutput<'venue.status'> => ({ local: activeLocal()?.status() ?? null });
  /** The embedded venue this Kairos runs, for an action on it; refused, in words, on any other. */
  const ownLocal = (action: string, done: string): LocalVenue => {
    const local = activeLocal();
    if (local) return local;
    const profile = ctx.session().profile;
    throw new AppError(
      'NOT_OFFERED',
      profile.kind === 'local'
        ? `this Kairos did not start the local venue itself, so it cannot ${action}`
        : `${profile.name} is a remote venue: only the local venue Kairos runs can be ${done} from here`,
    );
  };

  // Every change the supervisor reports reaches the windows, whichever profile is active: a
  // switch back to the local venue finds its state already said.
  const unsubscribe = localVenue?.onStatus((status) => ctx.emit('venue.status', status));

  const handlers: HandlersOf<AppCalls> = {
    'app.info': () => ({ version: ctx.version, platform: process.platform, dataDir: ctx.dataDir, secp256k1: secp256k1BackendName() }),
    'app.damagedFiles': () => [...ctx.damagedFiles],
    'app.revealDataFolder': async () => ({ path: ctx.dataDir, revealed: opts.reveal ? await opts.reveal(ctx.dataDir) : false }),
    'app.checkForUpdates': () => opts.updates?.check() ?? { state: 'disabled' as const, currentVersion: ctx.version, message: 'updates come with the installed desktop app' },
    /** Every profile's cache goes; the vault, user data and settings stay. */
    'cache.reset': () => {
      if (ctx.activity.busy()) throw new AppError('BUSY', 'orders are being sent; reset the cache once they are done');
      const removed = ctx.session().resetCache();
      deps.cacheReset();
      return removed;
    },
    'venue.status': venueStatus,
    'venue.capabilities': () => {
      const s = ctx.session();
      return { profileId: s.profile.id, routes: s.capabilities.list(), ...s.capabilities.words() };
    },
    'venue.restart': async () => {
      const local = ownLocal('restart it', 'restarted');
      try {
        await local.restart();
      } catch (err) {
        throw new AppError('OFFLINE', `the local venue could not be restarted: ${err instanceof Error ? err.message : String(err)}`);
      }
      return venueStatus();
    },
    'venue.newWorld': async () => {
      const local = ownLocal('start a new world on it', 'given a new world');
      try {
        const { movedTo } = await local.startNewWorld();
        return { ...venueStatus(), movedTo };
      } catch (err) {
        throw new AppError('OFFLINE', `a new local world could not be started: ${err instanceof Error ? err.message : String(err)}`);
      }
    },
  };
  let stopTrim: (() => void) | undefined;
  return {
    name: 'app',
    handlers,
    start: () => void (stopTrim = trimYoungGeneration({ collect: ctx.collectGarbage })),
    stop: () => {
      stopTrim?.();
      unsubscribe?.();
    },
  };
}
