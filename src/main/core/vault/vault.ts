// The key vault: account secrets sealed with AES-256-GCM under a random data key, which a
// SecretCipher wraps (Electron's safeStorage in the app, a passphrase elsewhere). Account
// summaries stay readable while locked but are bound to the ciphertext as associated data, so
// neither can be changed without the open failing. Secrets never leave this module except
// to sign, and never appear in logs, errors or JSON.
import { createCipheriv, createDecipheriv, randomBytes, randomUUID, scrypt, type ScryptOptions } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { inspect } from 'node:util';
import type { SecretCipher } from '../ports.js';

export class VaultError extends Error {
  constructor(
    readonly code: 'VAULT_LOCKED' | 'WRONG_PASSPHRASE' | 'VAULT_CORRUPT' | 'NO_ACCOUNT',
    message: string,
  ) {
    super(message);
    this.name = 'VaultError';
  }
}

export interface AccountSecrets {
  privateKey: string;
  apiKey: string;
  secret: string;
  passphrase: string;
}

export interface AccountSummary {
  id: string;
  profileId: string;
  address: string;
  apiKey: string;
  headerPrefix: string;
  label?: string;
  createdAt: number;
}

interface VaultFile {
  v: 1;
  cipher: string;
  wrappedKey: string;
  iv: string;
  tag: string;
  data: string;
  accounts: AccountSummary[];
}

/** Holds an account's secrets; prints as [redacted] however it is logged. */
export class SecretBox {
  readonly #secrets: AccountSecrets;
  constructor(secrets: AccountSecrets) {
    this.#secrets = secrets;
  }
  use<T>(fn: (s: Readonly<AccountSecrets>) => T): T {
    return fn(this.#secrets);
  }
  toJSON(): string {
    return '[redacted]';
  }
  toString(): string {
    return '[redacted]';
  }
  [inspect.custom](): string {
    return 'SecretBox [redacted]';
  }
}

/** Picks the cipher for a vault from the kind its file records (undefined for a new vault). */
export type CipherFor = (recorded: string | undefined) => SecretCipher;

export class Vault {
  private dataKey: Buffer | undefined;
  private secrets = new Map<string, AccountSecrets>();
  private accounts: AccountSummary[] = [];
  private file: VaultFile | undefined;

  private constructor(
    readonly path: string,
    private cipher: SecretCipher,
  ) {}

  /**
   * Opens the vault at `path`. Given a function, the cipher is chosen from the kind the file
   * records, so a vault is always unwrapped the way it was wrapped.
   */
  static open(path: string, cipher: SecretCipher | CipherFor): Vault {
    const file = Vault.read(path);
    const vault = new Vault(path, typeof cipher === 'function' ? cipher(file?.cipher) : cipher);
    if (file) {
      vault.file = file;
      vault.accounts = file.accounts;
    }
    return vault;
  }

  private static read(path: string): VaultFile | undefined {
    if (existsSync(path)) {
      let file: VaultFile;
      try {
        file = JSON.parse(readFileSync(path, 'utf8')) as VaultFile;
        if (file.v !== 1 || !Array.isArray(file.accounts) || typeof file.data !== 'string' || typeof file.cipher !== 'string') throw new Error('shape');
      } catch {
        // Never rewritten here: it may be all the user has of these keys.
        throw new VaultError(
          'VAULT_CORRUPT',
          `the key vault at ${path} is damaged and cannot be read; Kairos left it as it is. Restore it from a backup, or move it aside to start with an empty vault (the wallet keys in it must then be imported again)`,
        );
      }
      return file;
    }
    return undefined;
  }

  /** Whether the vault has a file yet (false until the first unlock creates it). */
  exists(): boolean {
    return this.file !== undefined;
  }

  /** The kind of cipher the vault's file records (undefined before the file exists). */
  get recordedCipher(): string | undefined {
    return this.file?.cipher;
  }

  /** The kind of cipher that wraps (or will wrap) this vault's key. */
  get cipherKind(): string {
    return this.cipher.kind;
  }

  isLocked(): boolean {
    return this.dataKey === undefined;
  }

  list(profileId?: string): AccountSummary[] {
    return this.accounts.filter((a) => profileId === undefined || a.profileId === profileId).map((a) => ({ ...a }));
  }

  /** Unwraps the data key (creating the vault on first use) and opens the secrets. */
  async unlock(): Promise<void> {
    if (!this.file) {
      this.dataKey = randomBytes(32);
      this.secrets = new Map();
      await this.save();
      return;
    }
    if (this.file.cipher !== this.cipher.kind) {
      throw new VaultError(
        'VAULT_LOCKED',
        this.file.cipher === PASSPHRASE_KIND
          ? 'this key vault is protected by a passphrase; unlock it with that passphrase'
          : `this key vault is protected by the OS keychain (${this.file.cipher}), which is not available now; it opens only where that keychain is`,
      );
    }
    if (this.file.cipher !== PASSPHRASE_KIND && !this.cipher.isAvailable()) {
      throw new VaultError('VAULT_LOCKED', `this key vault is protected by the OS keychain (${this.file.cipher}), which is not available now; it opens only where that keychain is`);
    }
    let key: Buffer;
    try {
      key = Buffer.from(await this.cipher.decrypt(Buffer.from(this.file.wrappedKey, 'base64')));
    } catch (err) {
      if (err instanceof VaultError) throw err;
      throw new VaultError('WRONG_PASSPHRASE', 'the vault could not be unlocked: wrong passphrase or another machine’s keychain');
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(this.file.iv, 'base64'));
      decipher.setAAD(Buffer.from(JSON.stringify(this.file.accounts)));
      decipher.setAuthTag(Buffer.from(this.file.tag, 'base64'));
      const plain = Buffer.concat([decipher.update(Buffer.from(this.file.data, 'base64')), decipher.final()]);
      this.secrets = new Map(Object.entries(JSON.parse(plain.toString('utf8')) as Record<string, AccountSecrets>));
      this.dataKey = key;
    } catch {
      throw new VaultError('VAULT_CORRUPT', 'the key vault was changed outside Kairos and cannot be trusted');
    }
  }

  /**
   * Wraps the open vault's data key with another cipher and records it in the file (written
   * aside, then renamed); the accounts and their secrets stay as they are. On failure the vault
   * stays as it was.
   */
  async rewrap(cipher: SecretCipher): Promise<void> {
    this.requireOpen();
    const before = this.cipher;
    this.cipher = cipher;
    try {
      await this.save();
    } catch (err) {
      this.cipher = before;
      throw err;
    }
  }

  lock(): void {
    this.dataKey?.fill(0);
    this.dataKey = undefined;
    this.secrets = new Map();
  }

  async add(profileId: string, secrets: AccountSecrets, info: { address: string; headerPrefix: string; label?: string }, now = Date.now()): Promise<AccountSummary> {
    this.requireOpen();
    const summary: AccountSummary = { id: randomUUID(), profileId, address: info.address, apiKey: secrets.apiKey, headerPrefix: info.headerPrefix, createdAt: now, ...(info.label ? { label: info.label } : {}) };
    this.accounts = [...this.accounts, summary];
    this.secrets.set(summary.id, { ...secrets });
    await this.save();
    return { ...summary };
  }

  async remove(id: string): Promise<boolean> {
    this.requireOpen();
    if (!this.accounts.some((a) => a.id === id)) return false;
    this.accounts = this.accounts.filter((a) => a.id !== id);
    this.secrets.delete(id);
    await this.save();
    return true;
  }

  /** The secrets of one account, boxed so they cannot leak by printing. */
  secretsOf(id: string): SecretBox {
    this.requireOpen();
    const s = this.secrets.get(id);
    if (!s) throw new VaultError('NO_ACCOUNT', `no account ${id} in this vault`);
    return new SecretBox(s);
  }

  private requireOpen(): void {
    if (!this.dataKey) throw new VaultError('VAULT_LOCKED', 'the key vault is locked; unlock it first');
  }

  private async save(): Promise<void> {
    const key = this.dataKey as Buffer;
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', key, iv);
    c.setAAD(Buffer.from(JSON.stringify(this.accounts)));
    const data = Buffer.concat([c.update(Buffer.from(JSON.stringify(Object.fromEntries(this.secrets)), 'utf8')), c.final()]);
    const file: VaultFile = {
      v: 1,
      cipher: this.cipher.kind,
      wrappedKey: Buffer.from(await this.cipher.encrypt(key)).toString('base64'),
      iv: iv.toString('base64'),
      tag: c.getAuthTag().toString('base64'),
      data: data.toString('base64'),
      accounts: this.accounts,
    };
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
    // Written aside then renamed: a crash leaves the old vault or the new one, never half of one.
    const tmp = `${this.path}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(file), { mode: 0o600 });
    renameSync(tmp, this.path);
    this.file = file;
  }
}

export const PASSPHRASE_KIND = 'passphrase-scrypt';

/** scrypt's cost: N = 2^logN, r, p. */
export interface ScryptParams {
  logN: number;
  r: number;
  p: number;
}

/** What keys are wrapped with now. */
export const SCRYPT_PARAMS: ScryptParams = { logN: 17, r: 8, p: 1 };
/** What a wrapped key without recorded parameters (format 1) was made with. */
export const SCRYPT_PARAMS_V1: ScryptParams = { logN: 15, r: 8, p: 1 };

const SALT = 16;
const IV = 12;
const TAG = 16;

function deriveKey(passphrase: string, salt: Buffer, { logN, r, p }: ScryptParams): Promise<Buffer> {
  const N = 2 ** logN;
  // scrypt needs 128·N·r·p bytes; twice that leaves room for its other buffers.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r * p };
  return new Promise((resolve, reject) => {
    // The async form runs on libuv's pool: a slow derivation never blocks the main thread.
    scrypt(passphrase.normalize('NFKC'), salt, 32, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/**
 * Wraps the data key with a key derived from a passphrase (scrypt), for the browser host and tests.
 * Format 2 records scrypt's parameters beside the salt: [2, logN, r, p, salt, iv, tag, body],
 * the header bound as associated data. Format 1, [1, salt, iv, tag, body], used SCRYPT_PARAMS_V1
 * and is still read.
 */
export class PassphraseCipher implements SecretCipher {
  readonly kind = PASSPHRASE_KIND;
  constructor(
    private readonly passphrase: string,
    private readonly params: ScryptParams = SCRYPT_PARAMS,
  ) {}
  isAvailable(): boolean {
    return this.passphrase.length > 0;
  }

  /** The scrypt parameters a wrapped key was made with. */
  static paramsOf(sealed: Uint8Array): ScryptParams {
    return PassphraseCipher.parse(Buffer.from(sealed)).params;
  }

  async encrypt(plain: Uint8Array): Promise<Uint8Array> {
    const { logN, r, p } = this.params;
    const header = Buffer.from([2, logN, r, p]);
    const salt = randomBytes(SALT);
    const iv = randomBytes(IV);
    const c = createCipheriv('aes-256-gcm', await deriveKey(this.passphrase, salt, this.params), iv);
    c.setAAD(header);
    const body = Buffer.concat([c.update(plain), c.final()]);
    return Buffer.concat([header, salt, iv, c.getAuthTag(), body]);
  }

  async decrypt(sealed: Uint8Array): Promise<Uint8Array> {
    const { params, header, rest } = PassphraseCipher.parse(Buffer.from(sealed));
    const salt = rest.subarray(0, SALT);
    const iv = rest.subarray(SALT, SALT + IV);
    const tag = rest.subarray(SALT + IV, SALT + IV + TAG);
    const d = createDecipheriv('aes-256-gcm', await deriveKey(this.passphrase, salt, params), iv);
    if (header.length > 1) d.setAAD(header);
    d.setAuthTag(tag);
    try {
      return Buffer.concat([d.update(rest.subarray(SALT + IV + TAG)), d.final()]);
    } catch {
      throw new VaultError('WRONG_PASSPHRASE', 'wrong passphrase');
    }
  }

  private static parse(buf: Buffer): { params: ScryptParams; header: Buffer; rest: Buffer } {
    const damaged = () => new VaultError('VAULT_CORRUPT', 'the wrapped vault key is damaged');
    if (buf[0] === 1) {
      if (buf.length < 1 + SALT + IV + TAG) throw damaged();
      return { params: SCRYPT_PARAMS_V1, header: buf.subarray(0, 1), rest: buf.subarray(1) };
    }
    if (buf[0] === 2) {
      if (buf.length < 4 + SALT + IV + TAG) throw damaged();
      const params = { logN: buf[1] as number, r: buf[2] as number, p: buf[3] as number };
      // Bounded, so a tampered file cannot make an unlock take minutes or gigabytes.
      if (params.logN < 10 || params.logN > 20 || params.r < 1 || params.r > 16 || params.p < 1 || params.p > 4) throw damaged();
      return { params, header: buf.subarray(0, 4), rest: buf.subarray(4) };
    }
    throw damaged();
  }
}
