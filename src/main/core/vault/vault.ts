// The key vault: account secrets sealed with AES-256-GCM under a random data key, which a
// SecretCipher wraps (Electron's safeStorage in the app, a passphrase elsewhere). Account
// summaries stay readable while locked but are bound to the ciphertext as associated data, so
// neither can be changed without the open failing. Secrets never leave this module except
// to sign, and never appear in logs, errors or JSON.
//
// Every write is read-modify-write under the file's lock (data-files.ts): the change is applied to
// the vault as it is on disk now, opened with the same data key, so an account another core on
// the folder added is never dropped. A file that cannot be read is moved aside, never rewritten.
import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { inspect } from 'node:util';
import { fileStamp, setAside, withFileLock, writeAtomic, type OnDamaged } from '../data-files.js';
import type { SecretCipher } from '../ports.js';
import { VaultError } from './errors.js';
import { PASSPHRASE_KIND } from './passphrase.js';

export { VaultError } from './errors.js';
export { PASSPHRASE_KIND, PassphraseCipher, SCRYPT_PARAMS, SCRYPT_PARAMS_V1, type ScryptParams } from './passphrase.js';

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

type Secrets = Map<string, AccountSecrets>;

const KEYS_KEPT_ASIDE =
  'its wallet keys and API credentials are not in use: Kairos goes on with an empty vault, and the moved file keeps them (put it back to use them, or import the keys again)';

/** The vault file at `path`, or undefined when there is none; a damaged one is moved aside and told. */
function readVaultFile(path: string, onDamaged: OnDamaged | undefined): VaultFile | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const file = JSON.parse(readFileSync(path, 'utf8')) as VaultFile;
    if (file.v !== 1 || !Array.isArray(file.accounts) || typeof file.data !== 'string' || typeof file.cipher !== 'string') throw new Error('shape');
    return file;
  } catch {
    // Never rewritten nor deleted: it may be all the user has of these keys.
    setAside(path, KEYS_KEPT_ASIDE, onDamaged);
    return undefined;
  }
}

/** The secrets of `file` opened with `key`, or undefined when that is not its key (or it was changed). */
function openSealed(file: VaultFile, key: Buffer): Secrets | undefined {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(file.iv, 'base64'));
    decipher.setAAD(Buffer.from(JSON.stringify(file.accounts)));
    decipher.setAuthTag(Buffer.from(file.tag, 'base64'));
    const plain = Buffer.concat([decipher.update(Buffer.from(file.data, 'base64')), decipher.final()]);
    return new Map(Object.entries(JSON.parse(plain.toString('utf8')) as Record<string, AccountSecrets>));
  } catch {
    return undefined;
  }
}

function seal(key: Buffer, accounts: AccountSummary[], secrets: Secrets, wrapping: { cipher: string; wrappedKey: string }): VaultFile {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  c.setAAD(Buffer.from(JSON.stringify(accounts)));
  const data = Buffer.concat([c.update(Buffer.from(JSON.stringify(Object.fromEntries(secrets)), 'utf8')), c.final()]);
  return { v: 1, ...wrapping, iv: iv.toString('base64'), tag: c.getAuthTag().toString('base64'), data: data.toString('base64'), accounts };
}

export class Vault {
  private dataKey: Buffer | undefined;
  private secrets: Secrets = new Map();
  private accounts: AccountSummary[] = [];
  private file: VaultFile | undefined;
  private seen: string | undefined;

  private constructor(
    readonly path: string,
    private cipher: SecretCipher,
    private readonly onDamaged: OnDamaged | undefined,
  ) {}

  /**
   * Opens the vault at `path`. Given a function, the cipher is chosen from the kind the file
   * records, so a vault is always unwrapped the way it was wrapped. A file that cannot be read is
   * moved aside and `onDamaged` told; the vault then starts empty.
   */
  static open(path: string, cipher: SecretCipher | CipherFor, onDamaged?: OnDamaged): Vault {
    const file = withFileLock(path, () => readVaultFile(path, onDamaged));
    const vault = new Vault(path, typeof cipher === 'function' ? cipher(file?.cipher) : cipher, onDamaged);
    vault.adopt(file);
    return vault;
  }

  /** Takes `file` as what is on disk (its summaries; its secrets too when the data key opens them). */
  private adopt(file: VaultFile | undefined, secrets?: Secrets): void {
    this.file = file;
    this.accounts = file?.accounts ?? [];
    if (secrets) this.secrets = secrets;
    this.seen = fileStamp(this.path);
  }

  /** Reads the file again when another core wrote it since. */
  private fresh(): void {
    if (fileStamp(this.path) === this.seen) return;
    const file = withFileLock(this.path, () => readVaultFile(this.path, this.onDamaged));
    // Gone or moved aside: what this core holds is all there is now, and its next write keeps it.
    if (!file) {
      this.seen = fileStamp(this.path);
      return;
    }
    const secrets = this.dataKey ? openSealed(file, this.dataKey) : undefined;
    // Made anew elsewhere, with another data key: what this core holds open no longer matches it.
    if (this.dataKey && !secrets) this.lock();
    this.adopt(file, secrets);
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
    this.fresh();
    return this.accounts.filter((a) => profileId === undefined || a.profileId === profileId).map((a) => ({ ...a }));
  }

  /** Unwraps the data key (creating the vault on first use) and opens the secrets. */
  async unlock(): Promise<void> {
    if (!this.file) {
      const key = randomBytes(32);
      const wrapping = { cipher: this.cipher.kind, wrappedKey: Buffer.from(await this.cipher.encrypt(key)).toString('base64') };
      // Made by another core meanwhile: that one is opened instead of being written over.
      const made = withFileLock(this.path, () => {
        const disk = readVaultFile(this.path, this.onDamaged);
        if (disk) return disk;
        mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
        const file = seal(key, [], new Map(), wrapping);
        writeAtomic(this.path, JSON.stringify(file));
        this.dataKey = key;
        this.adopt(file, new Map());
        return undefined;
      });
      if (!made) return;
      this.adopt(made);
    }
    const file = this.file as VaultFile;
    if (file.cipher !== this.cipher.kind) {
      throw new VaultError(
        'VAULT_LOCKED',
        file.cipher === PASSPHRASE_KIND
          ? 'this key vault is protected by a passphrase; unlock it with that passphrase'
          : `this key vault is protected by the OS keychain (${file.cipher}), which is not available now; it opens only where that keychain is`,
      );
    }
    if (file.cipher !== PASSPHRASE_KIND && !this.cipher.isAvailable()) {
      throw new VaultError('VAULT_LOCKED', `this key vault is protected by the OS keychain (${file.cipher}), which is not available now; it opens only where that keychain is`);
    }
    let key: Buffer;
    try {
      key = Buffer.from(await this.cipher.decrypt(Buffer.from(file.wrappedKey, 'base64')));
    } catch (err) {
      if (err instanceof VaultError) throw err;
      throw new VaultError('WRONG_PASSPHRASE', 'the vault could not be unlocked: wrong passphrase or another machine’s keychain');
    }
    const secrets = openSealed(file, key);
    if (!secrets) throw new VaultError('VAULT_CORRUPT', 'the key vault was changed outside Kairos and cannot be trusted');
    this.secrets = secrets;
    this.dataKey = key;
  }

  /**
   * Wraps the open vault's data key with another cipher and records it in the file (written
   * aside, then renamed); the accounts and their secrets stay as they are. On failure the vault
   * stays as it was.
   */
  async rewrap(cipher: SecretCipher): Promise<void> {
    this.requireOpen();
    await this.save(() => undefined, cipher);
    this.cipher = cipher;
  }

  lock(): void {
    this.dataKey?.fill(0);
    this.dataKey = undefined;
    this.secrets = new Map();
  }

  async add(profileId: string, secrets: AccountSecrets, info: { address: string; headerPrefix: string; label?: string }, now = Date.now()): Promise<AccountSummary> {
    this.requireOpen();
    const summary: AccountSummary = { id: randomUUID(), profileId, address: info.address, apiKey: secrets.apiKey, headerPrefix: info.headerPrefix, createdAt: now, ...(info.label ? { label: info.label } : {}) };
    await this.save((accounts, stored) => {
      accounts.push(summary);
      stored.set(summary.id, { ...secrets });
    });
    return { ...summary };
  }

  async remove(id: string): Promise<boolean> {
    this.requireOpen();
    let removed = false;
    await this.save((accounts, stored) => {
      const at = accounts.findIndex((a) => a.id === id);
      if (at < 0) return;
      accounts.splice(at, 1);
      stored.delete(id);
      removed = true;
    });
    return removed;
  }

  /** New API credentials for an account (the venue made new ones for its wallet key); its key stays. */
  async replaceCredentials(id: string, creds: { apiKey: string; secret: string; passphrase: string }): Promise<AccountSummary> {
    this.requireOpen();
    let summary: AccountSummary | undefined;
    await this.save((accounts, stored) => {
      const at = accounts.findIndex((a) => a.id === id);
      const secrets = stored.get(id);
      if (at < 0 || !secrets) return;
      summary = { ...(accounts[at] as AccountSummary), apiKey: creds.apiKey };
      accounts[at] = summary;
      stored.set(id, { ...secrets, ...creds });
    });
    if (!summary) throw new VaultError('NO_ACCOUNT', `no account ${id} in this vault`);
    return { ...summary };
  }

  /** The secrets of one account, boxed so they cannot leak by printing. */
  secretsOf(id: string): SecretBox {
    this.requireOpen();
    this.fresh();
    this.requireOpen();
    const s = this.secrets.get(id);
    if (!s) throw new VaultError('NO_ACCOUNT', `no account ${id} in this vault`);
    return new SecretBox(s);
  }

  private requireOpen(): void {
    if (!this.dataKey) throw new VaultError('VAULT_LOCKED', 'the key vault is locked; unlock it first');
  }

  /**
   * Applies `change` to the vault as it is on disk now and writes it, under the file's lock. The
   * data key is wrapped first (scrypt takes a while, off the main thread and outside the lock).
   * A file another core wrapped another way keeps that wrapping unless `wrapWith` is a new one.
   */
  private async save(change: (accounts: AccountSummary[], secrets: Secrets) => void, wrapWith: SecretCipher = this.cipher): Promise<void> {
    const key = this.dataKey as Buffer;
    const wrapped = { cipher: wrapWith.kind, wrappedKey: Buffer.from(await wrapWith.encrypt(key)).toString('base64') };
    withFileLock(this.path, () => {
      const disk = readVaultFile(this.path, this.onDamaged);
      let accounts = [...this.accounts];
      let secrets = new Map(this.secrets);
      let wrapping = wrapped;
      if (disk) {
        const opened = openSealed(disk, key);
        if (!opened) {
          throw new VaultError('VAULT_LOCKED', `the key vault at ${this.path} was made anew by another Kairos since it was unlocked here; nothing was written: lock the vault and unlock it again`);
        }
        accounts = [...disk.accounts];
        secrets = opened;
        if (wrapWith === this.cipher && disk.cipher !== wrapWith.kind) wrapping = { cipher: disk.cipher, wrappedKey: disk.wrappedKey };
      }
      change(accounts, secrets);
      mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
      const file = seal(key, accounts, secrets, wrapping);
      writeAtomic(this.path, JSON.stringify(file));
      this.adopt(file, secrets);
    });
  }
}
