// What the host (Electron, the browser host, tests) lends the core: small interfaces, so the
// core never imports electron.

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

export const consoleLogger: Logger = {
  info: (m, f) => console.info(m, f ?? ''),
  warn: (m, f) => console.warn(m, f ?? ''),
  error: (m, f) => console.error(m, f ?? ''),
};

export const systemClock: Clock = { now: () => Date.now() };
