// The app itself: what it is and where its data lives, updates, and emptying the cache.
import { secp256k1BackendName } from '@shared/crypto/index.js';
import type { UpdateStatus } from '../updates.js';
import { AppError } from '../router.js';
import type { CoreContext, HandlersOf } from './context.js';

export interface AppOptions {
  /** Opens a folder in the OS file manager (Electron's shell); the browser host has none. */
  reveal?: (path: string) => Promise<boolean>;
  /** Auto-update, where the host has it (the installed desktop app). */
  updates?: { check(): Promise<UpdateStatus> };
}

export function appService(ctx: CoreContext, opts: AppOptions, onCacheReset: () => void) {
  const handlers: HandlersOf<'app.info' | 'app.revealDataFolder' | 'app.checkForUpdates' | 'cache.reset'> = {
    'app.info': () => ({ version: ctx.version, platform: process.platform, dataDir: ctx.dataDir, secp256k1: secp256k1BackendName() }),
    'app.revealDataFolder': async () => ({ path: ctx.dataDir, revealed: opts.reveal ? await opts.reveal(ctx.dataDir) : false }),
    'app.checkForUpdates': () => opts.updates?.check() ?? { state: 'disabled' as const, currentVersion: ctx.version, message: 'updates come with the installed desktop app' },
    /** Every profile's cache goes; the vault, user data and settings stay. */
    'cache.reset': () => {
      if (ctx.activity.busy()) throw new AppError('BUSY', 'orders are being sent; reset the cache once they are done');
      const removed = ctx.session().resetCache();
      onCacheReset();
      return removed;
    },
  };
  return { handlers };
}
