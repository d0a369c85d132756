// What the host (Electron, the browser host, tests) lends the core: small interfaces, so the
// core never imports electron.
import type { VenueProblem, WorldProgress } from '@shared/ipc/venue-status.js';

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export interface Clock {
  now(): number;
}

/** Wraps the vault's data key: Electron's safeStorage in the app, a passphrase elsewhere. */
export interface SecretCipher {
  readonly kind: string;
  isAvailable(): boolean;
  encrypt(plain: Uint8Array): Promise<Uint8Array>;
  decrypt(sealed: Uint8Array): Promise<Uint8Array>;
}

/** Where the embedded venue stands: `reason` says why it is restarting or down. */
export interface LocalVenueStatus {
  state: 'starting' | 'running' | 'restarting' | 'down';
  reason?: string;
  /** While it starts on a new world: how far that world's generation has come. */
  progress?: WorldProgress;
  /** Down because it cannot start on its folder: why, and what can be done. */
  problem?: VenueProblem;
  /** When it entered this state (epoch ms). */
  since: number;
}

/** The embedded local venue the host started and watches (venue-launcher's superviseVenue). */
export interface LocalVenue {
  status(): LocalVenueStatus;
  /** Calls back on every change of status; returns the unsubscribe. */
  onStatus(listener: (status: LocalVenueStatus) => void): () => void;
  /** Starts it again once it is down; resolves when it runs, rejects with the reason it does not. */
  restart(): Promise<void>;
  /**
   * Once it is down: moves its folder aside (never deleted) and starts it on a new world; resolves
   * with where the old folder went once it runs, rejects with the reason it does not.
   */
  startNewWorld(): Promise<{ movedTo: string }>;
}

export const consoleLogger: Logger = {
  info: (m, f) => console.info(m, f ?? ''),
  warn: (m, f) => console.warn(m, f ?? ''),
  error: (m, f) => console.error(m, f ?? ''),
};

export const systemClock: Clock = { now: () => Date.now() };
