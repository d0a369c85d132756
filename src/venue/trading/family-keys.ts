// The service family's key management beyond L1 (venue-profile E): deleting the signing API key,
// read-only keys and builder keys, in the shapes its official clients read.
import { z } from 'zod';
import { createBuilderKey, createReadonlyKey, MAX_SIDE_KEYS, revokeChildren, revokeSideKey, sideKeys, type SideKind } from '../auth/side-keys.js';
import { forgetKey, type Signer } from '../auth/verify.js';
import { badParam, HttpError, notFound } from '../errors.js';
import type { Surface, VenueContext } from '../http.js';
import { auth } from './orders.js';

const keyBody = z.looseObject({ key: z.string().min(1).max(100) });
const validateQuery = z.looseObject({ address: z.string().regex(/^0x[0-9a-fA-F]{40}$/), key: z.string().min(1).max(100) });

const iso = (ms: number | null): string | undefined => (ms === null ? undefined : new Date(ms).toISOString());

/** Only the wallet's API key itself may make or delete keys; a builder key is refused. */
function byApiKey(who: Signer, what: string): void {
  if (who.side) throw new HttpError(401, 'INVALID_API_KEY', `a ${who.side.kind} key cannot ${what}; sign with an API key of the wallet`);
}

function roomFor(ctx: VenueContext, address: string, kind: SideKind): void {
  if (sideKeys(ctx.db, address, kind).length >= MAX_SIDE_KEYS) {
    throw badParam('body', `the wallet already holds ${MAX_SIDE_KEYS} ${kind === 'readonly' ? 'read-only' : 'builder'} keys; delete one first`);
  }
}

export function registerFamilyKeys(s: Surface, ctx: VenueContext): void {
  const { db } = ctx;

  // Deletes the API key that signs: its next request is refused, and so are the keys it made.
  // Its open orders stay; creating the key again with the same nonce (L1) gives them back.
  s.delete('/auth/api-key', [], (req) => {
    const who = auth(req, ctx, '/auth/api-key');
    byApiKey(who, 'delete API keys');
    const gone = db.transaction(() => {
      db.prepare('DELETE FROM api_keys WHERE api_key = ?').run(who.apiKey);
      return revokeChildren(db, who.apiKey, ctx.now());
    })();
    for (const k of [who.apiKey, ...gone]) forgetKey(ctx, k);
    return '';
  }, { signed: '/auth/api-key' });

  s.post('/auth/readonly-api-key', [], (req) => {
    const who = auth(req, ctx, '/auth/readonly-api-key');
    byApiKey(who, 'make read-only keys');
    roomFor(ctx, who.address, 'readonly');
    return { apiKey: createReadonlyKey(db, who.apiKey, who.address, ctx.now()) };
  }, { signed: '/auth/readonly-api-key' });

  s.get('/auth/readonly-api-keys', [], (req) => {
    const who = auth(req, ctx, '/auth/readonly-api-keys');
    return sideKeys(db, who.address, 'readonly').map((k) => k.apiKey);
  }, { signed: '/auth/readonly-api-keys' });

  s.delete('/auth/readonly-api-key', [], (req) => {
    const who = auth(req, ctx, '/auth/readonly-api-key');
    byApiKey(who, 'delete read-only keys');
    const body = keyBody.safeParse(req.body);
    if (!body.success) throw badParam('body.key', 'body must be {"key": "<read-only API key>"}');
    const mine = sideKeys(db, who.address, 'readonly').some((k) => k.apiKey === body.data.key);
    if (!mine || !revokeSideKey(db, body.data.key, 'readonly', ctx.now())) throw notFound(`no read-only key ${body.data.key} of ${who.address}`);
    return true;
  }, { signed: '/auth/readonly-api-key' });

  // Public: whether `key` is a live read-only key of `address`.
  s.get('/auth/validate-readonly-api-key', [], (req) => {
    const q = validateQuery.safeParse(req.query);
    if (!q.success) throw badParam(String(q.error.issues[0]?.path[0] ?? 'key'), 'address (0x + 40 hex) and key are required');
    const live = sideKeys(db, q.data.address, 'readonly').some((k) => k.apiKey === q.data.key);
    if (!live) throw new HttpError(401, 'INVALID_API_KEY', `${q.data.key} is not a read-only key of ${q.data.address}`);
    return 'OK';
  });

  s.post('/auth/builder-api-key', [], (req) => {
    const who = auth(req, ctx, '/auth/builder-api-key');
    byApiKey(who, 'make builder keys');
    roomFor(ctx, who.address, 'builder');
    const creds = createBuilderKey(db, ctx.dataDir, who.apiKey, who.address, ctx.now());
    return { key: creds.apiKey, secret: creds.secret, passphrase: creds.passphrase };
  }, { signed: '/auth/builder-api-key' });

  // The wallet's builder keys, revoked ones with the time they were revoked.
  s.get('/auth/builder-api-key', [], (req) => {
    const who = auth(req, ctx, '/auth/builder-api-key');
    return sideKeys(db, who.address, 'builder', true).map((k) => ({ key: k.apiKey, createdAt: iso(k.createdAt), ...(k.revokedAt === null ? {} : { revokedAt: iso(k.revokedAt) }) }));
  }, { signed: '/auth/builder-api-key' });

  // Revokes the builder key that signs (its credentials say which one).
  s.delete('/auth/builder-api-key', [], (req) => {
    const who = auth(req, ctx, '/auth/builder-api-key');
    if (who.side?.kind !== 'builder') throw badParam('headers', 'sign with the builder key to revoke: its own credentials name the key');
    revokeSideKey(db, who.side.apiKey, 'builder', ctx.now());
    forgetKey(ctx, who.side.apiKey);
    return '';
  }, { signed: '/auth/builder-api-key' });
}
