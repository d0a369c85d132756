// API credentials are derived from the venue's master key (a 0600 file in the data dir), so the
// database holds no secret: only which keys exist, a hash of each passphrase, and a keyed hash of
// the master key (its fingerprint) that tells a start whether the key is the one the data needs.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { chmodSync, linkSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DB_FILE, getMeta, setMeta, type Db } from '../db/open.js';
import { VenueStartProblem } from '../start-problem.js';
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
    throw new VenueStartProblem(
      'damaged-master-key',
      `The venue's master key ${file} holds ${key.length} bytes, not 32: it is damaged or not a key. ` +
        'Restore it from a backup, or move it away so that the venue makes a new one on its next start (API keys made with the old one then stop working).',
    );
  }
  masters.set(file, { ino: st.ino, dev: st.dev, key });
  return key;
}

/** Where the database keeps its master key's fingerprint (table meta). */
export const FINGERPRINT_META = 'master_key_fingerprint';

/** A keyed hash of the master key: it tells keys apart and gives nothing of the key away. */
export function fingerprintOf(master: Buffer): string {
  return createHmac('sha256', master).update('kairos venue master key fingerprint').digest('hex');
}

/**
 * Checks, before anything is served, that the master key is the one `db`'s API keys were made
 * with: a database that holds a fingerprint or API keys refuses a missing key (none is made) and
 * one whose fingerprint differs, instead of failing every signed request. A database without a
 * fingerprint (made before there was one) gets the present key's, written now.
 */
export function checkMasterKey(db: Db, dataDir: string): 'recorded' | 'matches' {
  const file = join(dataDir, MASTER_KEY_FILE);
  const dbFile = join(dataDir, DB_FILE);
  const stored = getMeta(db, FINGERPRINT_META);
  if (!statSync(file, { throwIfNoEntry: false })) {
    const keys = (db.prepare('SELECT COUNT(*) AS n FROM api_keys').get() as { n: number }).n;
    if (stored !== undefined || keys > 0) {
      throw new VenueStartProblem(
        'missing-master-key',
        `the venue's master key ${file} is missing, but its database ${dbFile} was made with one (it holds ${keys} API key${keys === 1 ? '' : 's'}): ` +
          'put the key back from a backup, or start a new world (a new key would make every API key it holds fail)',
      );
    }
  }
  const print = fingerprintOf(masterKey(dataDir));
  if (stored === undefined) {
    setMeta(db, FINGERPRINT_META, print);
    return 'recorded';
  }
  if (stored !== print) {
    throw new VenueStartProblem(
      'changed-master-key',
      `the master key ${file} does not match this database (${dbFile}): its API keys were made with another key and would all fail. ` +
        'Put the original key back, or start a new world',
    );
  }
  return 'matches';
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
