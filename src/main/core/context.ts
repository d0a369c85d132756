// What every domain is built from: the host's ports, the data folder, the active Session and
// the few things that outlive a profile switch (settings, the vault, order writes in flight).
import type { CallName } from '@shared/ipc/contract.js';
import type { Activity } from './activity.js';
import type { DamagedFile, OnDamaged } from './data-files.js';
import type { Prefs } from './prefs.js';
import type { Clock, LocalVenue, Logger } from './ports.js';
import type { Handlers } from './router.js';
import type { Emit, Session, Sessions } from './session.js';
import type { Vault } from './vault/vault.js';

export interface CoreContext {
  dataDir: string;
  version: string;
  log: Logger;
  clock: Clock;
  emit: Emit;
  /** Waits inside retries; tests pass a shorter one. */
  sleep: (ms: number) => Promise<void>;
  /** Gives the process's memory back after a burst of work (native/memory.ts collectGarbage). */
  collectGarbage: () => void;
  sessions: Sessions;
  /** The active Session: read it once per call and keep to it. */
  session(): Session;
  prefs: Prefs;
  activity: Activity;
  /** The data files found damaged this run, moved aside; `damaged` tells of one more. */
  damagedFiles: readonly DamagedFile[];
  damaged: OnDamaged;
  vault(): Vault;
  setVault(next: Vault): void;
  /** True once the core is closing: work under way finishes what it must and starts nothing more. */
  closing(): boolean;
}

/** A domain's part of the contract's handler map. */
export type HandlersOf<N extends CallName> = Pick<Handlers, N>;

/** How long a kept answer counts as fresh, by kind of read. */
export const FRESH = { catalog: 60_000, prices: 5_000, data: 15_000, settings: 300_000 };

/** One wait shared by every read made while the embedded venue starts; none while it does not. */
export function startingWait(local: LocalVenue | undefined): () => Promise<void> | undefined {
  let started: Promise<void> | undefined;
  return () => {
    if (local?.status().state !== 'starting') return undefined;
    return (started ??= new Promise<void>((done) => {
      const off = local.onStatus((st) => {
        if (st.state === 'starting') return;
        off();
        started = undefined;
        done();
      });
    }));
  };
}
