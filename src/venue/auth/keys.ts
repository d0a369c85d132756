// API credentials are derived from the venue's master key (a 0600 file in the data dir), so the
// database holds no secret: only which keys exist and a hash of each passphrase.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { chmodSync, linkSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/open.js';
import { toBase64Url } from '@shared/crypto/index.js';

export const MASTER_KEY_FILE = 'venue-master.key';

export interface ApiCredentials {
  apiKey: string;
  secret: string;
  passphrase: string;
}

interface KeyContext {
  db: Db;
  dataDir: string;
  now: () => number;
  settings: { paperCashMicro: number };
}

// Cached per file identity: a data dir that was wiped and recreated gets its new key read.
const masters = new Map<string, { ino: number; dev: number; key: Buffer }>();

function createMasterKey(file: string): void {
  // Written aside, then linked into place: a concurrent starter never reads a half-written
  // key, and whoever links second keeps the first one's key.
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, randomBytes(32), { mode: 0o600, flag: 'wx' });
  try {
    linkSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(tmp);
  }
}

/** The venue's 32-byte master key, created (mode 0600) on first use. */
export function masterKey(dataDir: string): Buffer {
  const file = join(dataDir, MASTER_KEY_FILE);
  let st = statSync(file, { throwIfNoEntry: false });
  const cached = masters.get(file);
  if (cached && st && cached.ino === st.ino && cached.dev === st.dev) return cached.key;
  if (!st) {
    createMasterKey(file);
    st = statSync(file);
  }
  if ((st.mode & 0o077) !== 0) chmodSync(file, 0o600);
  const key = readFileSync(file);
  if (key.length !== 32) {
    throw new Error(
      `The venue's master key ${file} holds ${key.length} bytes, not 32: it is damaged or not a key. ` +
        'Restore it from a backup, or move it away so that the venue makes a new one on its next start (API keys made with the old one then stop working).',
    );
  }
  masters.set(file, { ino: st.ino, dev: st.dev, key });
  return key;
}

function derive(master: Buffer, label: string, address: string, nonce: string): Buffer {
  return createHmac('sha256', master).update(`${label}|${address}|${nonce}`).digest();
}

/** The credentials of (address, nonce); the same every time for the same master key. */
export function deriveCredentials(dataDir: string, address: string, nonce: string): ApiCredentials {
  const master = masterKey(dataDir);
  const a = address.toLowerCase();
  const id = derive(master, 'key', a, nonce).subarray(0, 16);
  id[6] = ((id[6] as number) & 0x0f) | 0x40; // RFC 4122 version 4 layout
  id[8] = ((id[8] as number) & 0x3f) | 0x80;
  const hex = id.toString('hex');
  return {
    apiKey: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
    secret: toBase64Url(derive(master, 'secret', a, nonce)),
    passphrase: derive(master, 'pass', a, nonce).toString('hex'),
  };
}

/** The key bytes of the HMAC secret of (address, nonce): what checking a signed request needs. */
export function secretBytes(dataDir: string, address: string, nonce: string): Buffer {
  return derive(masterKey(dataDir), 'secret', address.toLowerCase(), nonce);
}

export function passphraseHash(passphrase: string): string {
  return createHash('sha256').update(passphrase).digest('hex');
}

/** Records the key of (address, nonce) if new — with the paper balance on a wallet's first key. */
export function ensureApiKey(ctx: KeyContext, address: string, nonce: string): ApiCredentials {
  const creds = deriveCredentials(ctx.dataDir, address, nonce);
  const a = address.toLowerCase();
  const now = ctx.now();
  ctx.db.transaction(() => {
    ctx.db
      .prepare('INSERT INTO api_keys (api_key, address, nonce, passphrase_hash, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING')
      .run(creds.apiKey, a, nonce, passphraseHash(creds.passphrase), now);
    ctx.db.prepare('INSERT INTO balances (address, cash, updated_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING').run(a, ctx.settings.paperCashMicro, now);
  })();
  return creds;
}

export function existingApiKey(ctx: KeyContext, address: string, nonce: string): ApiCredentials | undefined {
  const row = ctx.db.prepare('SELECT 1 FROM api_keys WHERE address = ? AND nonce = ?').get(address.toLowerCase(), nonce);
  return row ? deriveCredentials(ctx.dataDir, address, nonce) : undefined;
}

export interface KeyRecord {
  apiKey: string;
  address: string;
  nonce: string;
  passphraseHash: string;
}

const lookups = new WeakMap<Db, ReturnType<Db['prepare']>>();

export function findApiKey(db: Db, apiKey: string): KeyRecord | undefined {
  let stmt = lookups.get(db);
  if (!stmt) lookups.set(db, (stmt = db.prepare('SELECT api_key, address, nonce, passphrase_hash FROM api_keys WHERE api_key = ?')));
  const row = stmt.get(apiKey) as
    | { api_key: string; address: string; nonce: string; passphrase_hash: string }
    | undefined;
  return row && { apiKey: row.api_key, address: row.address, nonce: row.nonce, passphraseHash: row.passphrase_hash };
}
