// L2, the HMAC request signature every signed route checks over the raw body bytes, and the
// header and timestamp reading it shares with L1 (auth/routes.ts).
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sameSignature } from '@shared/crypto/index.js';
import { BoundedMemo } from '@shared/domain/memo.js';
import type { VenueContext } from '../context.js';
import { HttpError } from '../errors.js';
import { findApiKey, passphraseHash, secretBytes, type KeyRecord } from './keys.js';
import { findSideKey, type SideKind } from './side-keys.js';
import { l2Signature } from './l2.js';

export function header(req: FastifyRequest, ctx: VenueContext, name: string, required: true): string;
export function header(req: FastifyRequest, ctx: VenueContext, name: string, required: false): string | undefined;
export function header(req: FastifyRequest, ctx: VenueContext, name: string, required: boolean): string | undefined {
  const full = `${ctx.settings.headerPrefix}_${name}`;
  const value = req.headers[full.toLowerCase()];
  const text = Array.isArray(value) ? value[0] : value;
  if ((text === undefined || text === '') && required) throw new HttpError(401, 'UNAUTHORIZED', `missing header ${full}`);
  return text;
}

/** Checks a timestamp header (epoch ms, or seconds below 1e11) against the freshness window. */
export function checkFresh(ctx: VenueContext, raw: string, name: string): void {
  const n = Number(raw);
  if (!/^\d{1,16}$/.test(raw) || !Number.isSafeInteger(n)) throw new HttpError(401, 'STALE_TIMESTAMP', `${ctx.settings.headerPrefix}_${name} must be epoch milliseconds, got "${raw}"`);
  const ms = n < 1e11 ? n * 1000 : n;
  const skew = Math.abs(ctx.now() - ms) / 1000;
  if (skew > ctx.settings.freshnessSeconds) {
    throw new HttpError(401, 'STALE_TIMESTAMP', `timestamp is ${Math.round(skew)} s away from the venue's clock (window ±${ctx.settings.freshnessSeconds} s); see GET /time`);
  }
}

// A running venue's master key stays the same: each key's record and secret are looked up once
// (a query, a stat and an HMAC saved per request), and the passphrase that last matched its hash
// is kept (a hash per request saved). A key deleted or revoked is forgotten at once (forgetKey).
interface KnownKey {
  key: KeyRecord;
  /** A builder key: the API key that made it. */
  builderOf: string | undefined;
  secret: Buffer | undefined;
  passphrase: string | undefined;
}
const knownKeyCache = new WeakMap<VenueContext, BoundedMemo<string, KnownKey>>();

function knownKeys(ctx: VenueContext): BoundedMemo<string, KnownKey> {
  let map = knownKeyCache.get(ctx);
  if (!map) knownKeyCache.set(ctx, (map = new BoundedMemo(10_000)));
  return map;
}

/** Drops what is kept of a key that was just deleted or revoked, so that its next request fails. */
export function forgetKey(ctx: VenueContext, apiKey: string): void {
  knownKeys(ctx).forget(apiKey);
}

/** Who signed a request: the API key whose reads and orders it acts on, and its wallet. */
export interface Signer {
  apiKey: string;
  address: string;
  /** Set when a read-only or builder key of `apiKey` signed in its stead. */
  side?: { apiKey: string; kind: SideKind };
}

/** The one route a builder key may write to: its own revocation. */
const BUILDER_WRITES: ReadonlySet<string> = new Set(['/auth/builder-api-key']);

function lookUp(ctx: VenueContext, apiKey: string): KnownKey {
  const record = findApiKey(ctx.db, apiKey);
  if (record) return { key: record, builderOf: undefined, secret: undefined, passphrase: undefined };
  const b = findSideKey(ctx.db, apiKey, 'builder');
  if (!b?.passphraseHash) throw new HttpError(401, 'INVALID_API_KEY', 'unknown API key');
  return { key: { apiKey: b.apiKey, address: b.address, nonce: b.nonce, passphraseHash: b.passphraseHash }, builderOf: b.parent, secret: undefined, passphrase: undefined };
}

/**
 * A read-only key (the family's `PREFIX_READONLY_API_KEY` with `PREFIX_ADDRESS`, no signature)
 * reads as the key that made it; any other method is refused.
 */
function readOnly(req: FastifyRequest, ctx: VenueContext, key: string): Signer {
  const address = header(req, ctx, 'ADDRESS', true);
  if (req.method !== 'GET') throw new HttpError(401, 'INVALID_API_KEY', `a read-only API key may only read (GET); sign ${req.method} requests with an API key`);
  const k = findSideKey(ctx.db, key, 'readonly');
  if (!k) throw new HttpError(401, 'INVALID_API_KEY', 'unknown or deleted read-only API key');
  if (k.address !== address.toLowerCase()) throw new HttpError(401, 'INVALID_API_KEY', `the read-only API key does not belong to ${address}`);
  return { apiKey: k.parent, address: k.address, side: { apiKey: k.apiKey, kind: 'readonly' } };
}

/**
 * L2: checks a signed request and returns its API key and address. `path` is the route's path
 * as the spec writes it (e.g. `/orders`), which is what clients sign.
 */
export function verifyL2(req: FastifyRequest, ctx: VenueContext, path: string): Signer {
  const readonlyKey = header(req, ctx, 'READONLY_API_KEY', false);
  // Read-only keys are an extra: a spec-only venue knows none and asks for the signature's headers.
  if (!ctx.specOnly && readonlyKey !== undefined && header(req, ctx, 'API_KEY', false) === undefined) return readOnly(req, ctx, readonlyKey);
  const address = header(req, ctx, 'ADDRESS', true);
  const apiKey = header(req, ctx, 'API_KEY', true);
  const passphrase = header(req, ctx, 'PASSPHRASE', true);
  const timestamp = header(req, ctx, 'TIMESTAMP', true);
  const signature = header(req, ctx, 'SIGNATURE', true);
  const entry = knownKeys(ctx).get(apiKey, () => lookUp(ctx, apiKey));
  const { key } = entry;
  if (entry.passphrase === undefined || !sameSignature(entry.passphrase, passphrase)) {
    const given = Buffer.from(passphraseHash(passphrase), 'hex');
    if (!timingSafeEqual(given, Buffer.from(key.passphraseHash, 'hex'))) throw new HttpError(401, 'INVALID_API_KEY', 'wrong passphrase for this API key');
    entry.passphrase = passphrase;
  }
  if (key.address !== address.toLowerCase()) throw new HttpError(401, 'INVALID_API_KEY', `the API key does not belong to ${address}`);
  checkFresh(ctx, timestamp, 'TIMESTAMP');
  entry.secret ??= secretBytes(ctx.dataDir, key.address, key.nonce);
  const expected = l2Signature(entry.secret, timestamp, req.method.toUpperCase(), path, req.rawBody ?? '');
  if (!sameSignature(expected, signature)) {
    throw new HttpError(401, 'INVALID_SIGNATURE', `request signature does not match (signed: timestamp + ${req.method.toUpperCase()} + ${path} + the body exactly as sent)`);
  }
  if (entry.builderOf === undefined) return { apiKey: key.apiKey, address: key.address };
  if (req.method !== 'GET' && !BUILDER_WRITES.has(path)) {
    throw new HttpError(401, 'INVALID_API_KEY', `a builder API key may read and manage builder keys, not ${req.method} ${path}; sign it with an API key`);
  }
  return { apiKey: entry.builderOf, address: key.address, side: { apiKey: key.apiKey, kind: 'builder' } };
}
