// The service family's two lesser kinds of key, made by an API key for its wallet: read-only keys
// (a key and the address, no secret, for reads only) and builder keys (credentials that sign like
// an API key, for the builder routes and reads). Both share the reads of the key that made them.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/open.js';
import { prepared } from '../db/prepared.js';
import { deriveCredentials, passphraseHash, type ApiCredentials } from './keys.js';

export type SideKind = 'readonly' | 'builder';

/** Live keys of one kind a wallet may hold at once; more is a 400 (the table stays small). */
export const MAX_SIDE_KEYS = 100;

export interface SideKey {
  apiKey: string;
  kind: SideKind;
  address: string;
  parent: string;
  nonce: string;
  passphraseHash: string | null;
  createdAt: number;
  revokedAt: number | null;
}

interface SideRow {
  api_key: string;
  kind: SideKind;
  address: string;
  parent: string;
  nonce: string;
  passphrase_hash: string | null;
  created_at: number;
  revoked_at: number | null;
}

const fromRow = (r: SideRow): SideKey => ({
  apiKey: r.api_key,
  kind: r.kind,
  address: r.address,
  parent: r.parent,
  nonce: r.nonce,
  passphraseHash: r.passphrase_hash,
  createdAt: r.created_at,
  revokedAt: r.revoked_at,
});

/** A live (not revoked) key of `kind`, or undefined. */
export function findSideKey(db: Db, apiKey: string, kind: SideKind): SideKey | undefined {
  const row = prepared(db, 'SELECT * FROM side_keys WHERE api_key = ? AND kind = ? AND revoked_at IS NULL').get(apiKey, kind) as SideRow | undefined;
  return row && fromRow(row);
}

/** A wallet's keys of `kind`, oldest first; revoked ones too when asked. */
export function sideKeys(db: Db, address: string, kind: SideKind, withRevoked = false): SideKey[] {
  const rows = db
    .prepare(`SELECT * FROM side_keys WHERE address = ? AND kind = ?${withRevoked ? '' : ' AND revoked_at IS NULL'} ORDER BY created_at, api_key`)
    .all(address.toLowerCase(), kind) as SideRow[];
  return rows.map(fromRow);
}

function insert(db: Db, key: Omit<SideKey, 'revokedAt'>): void {
  db.prepare('INSERT INTO side_keys (api_key, kind, address, parent, nonce, passphrase_hash, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
    key.apiKey,
    key.kind,
    key.address,
    key.parent,
    key.nonce,
    key.passphraseHash,
    key.createdAt,
  );
}

/** A new read-only key of the wallet, made by `parent`. */
export function createReadonlyKey(db: Db, parent: string, address: string, now: number): string {
  const apiKey = randomUUID();
  insert(db, { apiKey, kind: 'readonly', address: address.toLowerCase(), parent, nonce: '', passphraseHash: null, createdAt: now });
  return apiKey;
}

/** New builder credentials of the wallet, made by `parent`; derived from the master key like API keys. */
export function createBuilderKey(db: Db, dataDir: string, parent: string, address: string, now: number): ApiCredentials {
  const nonce = `builder:${randomBytes(16).toString('hex')}`;
  const creds = deriveCredentials(dataDir, address, nonce);
  insert(db, { apiKey: creds.apiKey, kind: 'builder', address: address.toLowerCase(), parent, nonce, passphraseHash: passphraseHash(creds.passphrase), createdAt: now });
  return creds;
}

/** Revokes one live key; false when there is none of that kind. */
export function revokeSideKey(db: Db, apiKey: string, kind: SideKind, now: number): boolean {
  return db.prepare('UPDATE side_keys SET revoked_at = ? WHERE api_key = ? AND kind = ? AND revoked_at IS NULL').run(now, apiKey, kind).changes > 0;
}

/** Revokes every live key an API key made (it is being deleted); returns their keys. */
export function revokeChildren(db: Db, parent: string, now: number): string[] {
  const keys = db.prepare('SELECT api_key FROM side_keys WHERE parent = ? AND revoked_at IS NULL').pluck().all(parent) as string[];
  db.prepare('UPDATE side_keys SET revoked_at = ? WHERE parent = ? AND revoked_at IS NULL').run(now, parent);
  return keys;
}
