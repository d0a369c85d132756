// L2, the HMAC request signature every signed route checks over the raw body bytes, and the
// header and timestamp reading it shares with L1 (auth/routes.ts).
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sameSignature } from '@shared/crypto/index.js';
import { BoundedMemo } from '@shared/domain/memo.js';
import type { VenueContext } from '../context.js';
import { HttpError } from '../errors.js';
import { findApiKey, passphraseHash, secretBytes, type KeyRecord } from './keys.js';
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

// API keys are never changed or removed, and a running venue's master key stays the same: each
// key's record and secret are looked up once (a query, a stat and an HMAC saved per request),
// and the passphrase that last matched its hash is kept (a hash per request saved).
interface KnownKey {
  key: KeyRecord;
  secret: Buffer | undefined;
  passphrase: string | undefined;
}
const knownKeyCache = new WeakMap<VenueContext, BoundedMemo<string, KnownKey>>();

function knownKeys(ctx: VenueContext): BoundedMemo<string, KnownKey> {
  let map = knownKeyCache.get(ctx);
  if (!map) knownKeyCache.set(ctx, (map = new BoundedMemo(10_000)));
  return map;
}

/**
 * L2: checks a signed request and returns its API key and address. `path` is the route's path
 * as the spec writes it (e.g. `/orders`), which is what clients sign.
 */
export function verifyL2(req: FastifyRequest, ctx: VenueContext, path: string): { apiKey: string; address: string } {
  const address = header(req, ctx, 'ADDRESS', true);
  const apiKey = header(req, ctx, 'API_KEY', true);
  const passphrase = header(req, ctx, 'PASSPHRASE', true);
  const timestamp = header(req, ctx, 'TIMESTAMP', true);
  const signature = header(req, ctx, 'SIGNATURE', true);
  const entry = knownKeys(ctx).get(apiKey, () => {
    const record = findApiKey(ctx.db, apiKey);
    if (!record) throw new HttpError(401, 'INVALID_API_KEY', 'unknown API key');
    return { key: record, secret: undefined, passphrase: undefined };
  });
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
  return { apiKey: key.apiKey, address: key.address };
}
