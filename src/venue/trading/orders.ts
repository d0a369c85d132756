// Signed trading routes (spec §4.3, venue-profile D and E): POST /orders, cancels, open orders,
// balance. Every item of a batch gets its own result, in request order; one bad item never
// fails the others.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { formatIssue, LIMITS, type OrderPlacementItem } from '@shared/spec/index.js';
import { decodeCursor, encodeCursor, END_CURSOR } from '@shared/domain/cursor.js';
import { formatMicros } from '@shared/domain/money.js';
import { fromWireOrder, orderDigest, toHex, type OrderDomain } from '@shared/crypto/index.js';
import { verifyL2, type Signer } from '../auth/verify.js';
import { HttpError, badParam } from '../errors.js';
import { keyClient, type Surface, type VenueContext } from '../http.js';
import { BUCKETS, type Admission } from '../rate-limit.js';
import type { NewOrder, TokenInfo } from '../exchange/types.js';
import { inlineBatch, knownSignerBatch, type SignerBatch } from './signatures.js';
import { parseOrderItem } from './items.js';
import { readAmounts } from './amounts.js';

export { Settlements } from './settlements.js';

const OPEN_ORDERS_PAGE = 100;
const MAX_CANCEL_IDS = 1000;
const MAX_UINT256 = ((1n << 256n) - 1n).toString();

interface ItemResult {
  success: boolean;
  errorMsg: string;
  orderID: string;
  orderHash: string;
  status: string;
  makingAmount: string;
  takingAmount: string;
  code?: string;
  retry_after_seconds?: number;
}

function failure(code: string, errorMsg: string, id = '', extra: Partial<ItemResult> = {}): ItemResult {
  return { success: false, errorMsg, orderID: id, orderHash: id, status: '', makingAmount: '0', takingAmount: '0', code, ...extra };
}

export function orderDomain(ctx: VenueContext, negRisk: boolean): OrderDomain {
  const s = ctx.settings;
  return { name: s.exchangeName, chainId: s.chainId, verifyingContract: negRisk ? s.negRiskExchangeAddress : s.exchangeAddress };
}

/** An item that passed every check before its signature; its signer is being recovered. */
interface Hashed {
  item: OrderPlacementItem;
  token: TokenInfo;
  domain: OrderDomain;
  id: string;
  raw: unknown;
}

/**
 * The checks of one parsed item up to its signature, which goes to `signers` to be recovered
 * while the batch moves on; `finish` does the rest once the signer is known.
 */
function precheck(ctx: VenueContext, auth: { apiKey: string; address: string }, item: OrderPlacementItem, raw: unknown, index: number, signers: SignerBatch): Hashed | ItemResult {
  const o = item.order;
  if (item.owner !== auth.apiKey) return failure('INVALID_ORDER', `owner ${item.owner} is not the API key that signed this request`);
  if (o.signatureType === 1 || o.signatureType === 2) {
    return failure('UNSUPPORTED_SIGNATURE_TYPE', `signatureType ${o.signatureType} needs a registered funding wallet; this venue has none, use 0`);
  }
  if (o.signatureType !== 0) return failure('INVALID_ORDER', `signatureType ${o.signatureType} is not one of 0, 1, 2`);
  if (o.signer.toLowerCase() !== auth.address.toLowerCase()) {
    return failure('INVALID_ORDER_SIGNATURE', `order signer ${o.signer} is not the address of the API key (${auth.address})`);
  }
  if (o.maker.toLowerCase() !== o.signer.toLowerCase()) return failure('INVALID_ORDER', 'with signatureType 0 the maker must be the signer');
  const token = ctx.exchange.token(o.tokenId);
  if (!token) return failure('INVALID_ORDER', `unknown tokenId ${o.tokenId}`);
  if (o.conditionId !== undefined && o.conditionId.toLowerCase() !== token.conditionId) {
    return failure('INVALID_ORDER', `conditionId ${o.conditionId} does not match tokenId's market ${token.conditionId}`);
  }
  const domain = orderDomain(ctx, token.negRisk);
  let digest: Uint8Array;
  try {
    digest = orderDigest(fromWireOrder(o), domain);
  } catch (err) {
    return failure('INVALID_ORDER', `order cannot be hashed: ${(err as Error).message}`);
  }
  signers.add(index, digest, o.signature);
  return { item, token, domain, id: toHex(digest), raw };
}

/** The checks after the signature: turns a hashed item into an order the exchange can place. */
function finish(ctx: VenueContext, h: Hashed, signer: string | null): NewOrder | ItemResult {
  const { item, token, domain, id } = h;
  const o = item.order;
  if (signer === null || signer !== o.signer.toLowerCase()) {
    return failure('INVALID_ORDER_SIGNATURE', `the signature does not recover to signer ${o.signer} for ${domain.name} (chainId ${domain.chainId})`, id);
  }
  // The minimum comes from a decimal column, so it may be a part micro: no size below its ceiling is allowed.
  const market = { tick: BigInt(token.tick), minSize: BigInt(Math.ceil(token.minSize)) };
  const amounts = readAmounts({ side: o.side, makerAmount: BigInt(o.makerAmount), takerAmount: BigInt(o.takerAmount), type: item.orderType }, market, !ctx.specOnly);
  if ('code' in amounts) return failure(amounts.code, amounts.message, id);
  const nowS = Math.floor(ctx.now() / 1000);
  const expiration = Number(o.expiration ?? '0');
  if (item.orderType === 'GTD') {
    if (!(expiration > nowS)) return failure('INVALID_ORDER', `a GTD order needs an expiration (epoch seconds) in the future, got ${o.expiration ?? 'none'}`, id);
  } else if (expiration !== 0) {
    return failure('INVALID_ORDER', `expiration is for GTD orders only; a ${item.orderType} order must leave it 0`, id);
  }
  if (item.postOnly && item.orderType !== 'GTC' && item.orderType !== 'GTD') {
    return failure('INVALID_ORDER', `postOnly applies to GTC and GTD orders, not ${item.orderType}`, id);
  }
  return {
    id,
    owner: item.owner,
    wallet: o.maker.toLowerCase(),
    token,
    side: o.side,
    price: Number(amounts.price),
    size: Number(amounts.size),
    type: item.orderType,
    postOnly: item.postOnly === true,
    expiration,
    body: JSON.stringify(h.raw),
  };
}

/** The key whose signature the surface verified before the handler (see `signed` routes). */
export function auth(req: FastifyRequest, ctx: VenueContext, path: string): Signer {
  return req.signedBy ?? verifyL2(req, ctx, path);
}

const cancelOne = z.looseObject({ orderID: z.string().min(1) });
const cancelMarket = z.strictObject({
  market: z.string().regex(/^0x[0-9a-fA-F]{64}$/).optional(),
  asset_id: z.string().regex(/^\d{1,78}$/).optional(),
});
const cancelMany = z.array(z.string().min(1)).max(MAX_CANCEL_IDS);

/** A batch checked up to its signatures, waiting for its turn to settle. */
export interface PreparedBatch {
  who: { apiKey: string; address: string };
  checked: Array<Hashed | ItemResult>;
  signers: SignerBatch;
}

/**
 * The first half of placing a batch for one API key: items past `admitted` fail with
 * RATE_LIMITED, the others are parsed and checked up to their signature, which starts being
 * recovered (see signatures.ts). Reads only the catalog, which settling never changes; an item
 * whose market changed before its batch settles is checked again then.
 */
export function prepareOrders(
  ctx: VenueContext,
  who: { apiKey: string; address: string },
  body: unknown[],
  admission: Admission = { admitted: body.length, retryAfterSeconds: 0 },
  signing: { worker?: boolean; signedHere?: boolean } = {},
): PreparedBatch {
  const signers = signing.signedHere ? knownSignerBatch(who.address) : (ctx.signatures?.batch(signing) ?? inlineBatch());
  try {
    const checked = body.map((raw, i): Hashed | ItemResult => {
      if (i >= admission.admitted) {
        return failure('RATE_LIMITED', `order rate limit (${admission.blockedBy ?? 'POST /order'}) reached; retry in ${admission.retryAfterSeconds} s`, '', {
          retry_after_seconds: admission.retryAfterSeconds,
        });
      }
      const r = parseOrderItem(raw);
      if (!r.success) {
        const issue = r.error.issues[0];
        return failure('INVALID_ORDER', `item ${i}: ${issue ? formatIssue(issue) : 'invalid order'}`);
      }
      return precheck(ctx, who, r.data, raw, i, signers);
    });
    signers.submit();
    return { who, checked, signers };
  } catch (err) {
    signers.end();
    throw err;
  }
}

/** The second half, inside the caller's transaction: every item's remaining checks and its placement, in order. */
function settleItems(ctx: VenueContext, batch: PreparedBatch, logError: (err: unknown) => void): ItemResult[] {
  const { who, checked, signers } = batch;
  return checked.map((c, i): ItemResult => {
    if (!('token' in c)) return c;
    let h = c;
    let signer: string | null;
    if (ctx.exchange.token(h.item.order.tokenId) === h.token) {
      signer = signers.signer(i);
    } else {
      // The catalog changed since the item was checked (a market paused, say): check it again.
      const again = inlineBatch();
      const r = precheck(ctx, who, h.item, h.raw, i, again);
      if (!('token' in r)) return r;
      h = r;
      signer = again.signer(i);
    }
    const order = finish(ctx, h, signer);
    if (!('token' in order)) return order;
    let placed;
    try {
      placed = ctx.exchange.place(order);
    } catch (err) {
      logError(err);
      return failure('INVALID_ORDER', 'the order could not be settled; nothing was changed', order.id);
    }
    if (!placed.ok) return failure(placed.code, placed.message, order.id, placed.code === 'FOK_NOT_FILLED' ? { status: 'unmatched' } : {});
    return {
      success: true,
      errorMsg: '',
      orderID: order.id,
      orderHash: order.id,
      status: placed.status,
      makingAmount: String(placed.making),
      takingAmount: String(placed.taking),
    };
  });
}

/**
 * The second half: every item's remaining checks and its placement, in order, in one SQLite
 * transaction (a savepoint per item that fills); positions, balances and the like are written
 * once each at the end of the batch. Should that or the commit fail, the books are rebuilt
 * from the database.
 */
export function settleOrders(ctx: VenueContext, batch: PreparedBatch, logError: (err: unknown) => void = () => undefined): ItemResult[] {
  try {
    return ctx.exchange.settle(() => settleItems(ctx, batch, logError));
  } catch (err) {
    ctx.exchange.reload();
    throw err;
  } finally {
    batch.signers.end();
    ctx.checkpointer?.afterCommit();
  }
}

/**
 * Places a batch the simulator signed with `who`'s own key, inside its own turn: both halves, every
 * check but recovering signers it knows (about a fifth of a tick's CPU), so no worker thread either.
 */
export function placeOrders(ctx: VenueContext, who: { apiKey: string; address: string }, body: unknown[]): ItemResult[] {
  return settleOrders(ctx, prepareOrders(ctx, who, body, undefined, { signedHere: true }));
}

/** Runs `fn` in its turn behind the order batches already queued; at once when there is no queue. */
export function inTurn<T>(ctx: VenueContext, fn: () => T): T | Promise<T> {
  return ctx.settlements ? ctx.settlements.run(fn) : fn();
}


/** GET /balance-allowance: the wallet's cash (or, for asset_type CONDITIONAL, one token's balance), with allowances. */
export function balanceAllowance(ctx: VenueContext, who: { address: string }, q: Record<string, unknown>): Record<string, unknown> {
  const wallet = who.address.toLowerCase();
  // Paper trading needs no approval: both exchanges may spend without limit (the family's max uint256).
  const allowances = { [ctx.settings.exchangeAddress]: MAX_UINT256, [ctx.settings.negRiskExchangeAddress]: MAX_UINT256 };
  if (q['asset_type'] === 'CONDITIONAL') {
    const tokenId = q['token_id'];
    const token = typeof tokenId === 'string' ? ctx.exchange.token(tokenId) : undefined;
    if (!token) throw badParam('token_id', 'asset_type CONDITIONAL needs the token_id of one of this venue\'s tokens');
    const held = ctx.db.prepare('SELECT size FROM positions WHERE wallet = ? AND condition_id = ? AND outcome_index = ?').get(wallet, token.conditionId, token.outcomeIndex) as { size: number } | undefined;
    return { balance: String(held?.size ?? 0), allowances };
  }
  if (q['asset_type'] !== undefined && q['asset_type'] !== 'COLLATERAL') throw badParam('asset_type', 'asset_type must be COLLATERAL or CONDITIONAL');
  const cash = ctx.exchange.cash(wallet);
  const reserved = Math.min(cash, ctx.exchange.reserved(wallet));
  return { balance: String(cash), reserved: String(reserved), available: String(cash - reserved), allowances };
}

export function registerOrders(s: Surface, ctx: VenueContext): void {
  // Every route here is L2-signed, for its own path.
  type Handler = Parameters<Surface['get']>[2];
  const signed = {
    get: (path: string, handler: Handler) => s.get(path, [], handler, { signed: path }),
    post: (path: string, handler: Handler) => s.post(path, [], handler, { signed: path }),
    delete: (path: string, handler: Handler) => s.delete(path, [], handler, { signed: path }),
  };

  signed.post('/orders', (req) => {
    const who = auth(req, ctx, '/orders');
    const body = req.body;
    if (!Array.isArray(body)) throw badParam('body', 'body must be a JSON array of 1 to 15 orders');
    const { minItems, maxItems } = LIMITS.orders;
    if (body.length < minItems || body.length > maxItems) {
      throw new HttpError(400, 'INVALID_BATCH_SIZE', `body must hold ${minItems} to ${maxItems} orders, got ${body.length}`, { param: 'body' });
    }
    const admission = ctx.limiter.take(keyClient(who.apiKey), [BUCKETS.orderBurst, BUCKETS.orderSustained], body.length);
    const batch = prepareOrders(ctx, who, body, admission);
    const logError = (err: unknown): void => req.log.error({ err }, 'order settlement failed');
    return inTurn(ctx, () => settleOrders(ctx, batch, logError));
  });

  // The family's single-order route: the batch's checks and placement for one order; a refused
  // order is a 400 in the venue's error shape that also carries the item's result fields.
  signed.post('/order', (req) => {
    const who = auth(req, ctx, '/order');
    const body = req.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badParam('body', 'body must be one order object ({order, owner, orderType}); batches go to POST /orders');
    const admission = ctx.limiter.take(keyClient(who.apiKey), [BUCKETS.orderBurst, BUCKETS.orderSustained], 1);
    const batch = prepareOrders(ctx, who, [body], admission);
    const logError = (err: unknown): void => req.log.error({ err }, 'order settlement failed');
    return Promise.resolve(inTurn(ctx, () => settleOrders(ctx, batch, logError))).then(([r]) => {
      if (!r) throw new HttpError(500, 'INTERNAL', 'no result for the order');
      if (r.success) return r;
      const { code, errorMsg, ...rest } = r;
      const status = code === 'RATE_LIMITED' ? 429 : 400;
      throw new HttpError(status, code ?? 'INVALID_ORDER', errorMsg, { ...rest, errorMsg });
    });
  });

  const cancelBudget = (who: { apiKey: string }, units: number): void => {
    if (units === 0) return;
    const a = ctx.limiter.take(keyClient(who.apiKey), [BUCKETS.cancelBurst, BUCKETS.cancelSustained], units);
    if (a.admitted < units) {
      throw new HttpError(429, 'RATE_LIMITED', `cancel rate limit (${a.blockedBy ?? 'DELETE /order'}) reached; retry in ${a.retryAfterSeconds} s`, { retry_after_seconds: a.retryAfterSeconds }, {
        'retry-after': String(a.retryAfterSeconds),
      });
    }
  };

  // Cancels take their turn behind the order batches that arrived before them.
  signed.delete('/order', (req) => {
    const who = auth(req, ctx, '/order');
    const body = cancelOne.safeParse(req.body);
    if (!body.success) throw badParam('body.orderID', 'body must be {"orderID": "<order id>"}');
    cancelBudget(who, 1);
    return inTurn(ctx, () => ctx.exchange.cancel(who.apiKey, [body.data.orderID]));
  });

  signed.delete('/orders', (req) => {
    const who = auth(req, ctx, '/orders');
    const body = cancelMany.safeParse(req.body);
    if (!body.success) throw badParam('body', `body must be a JSON array of at most ${MAX_CANCEL_IDS} order ids`);
    cancelBudget(who, body.data.length);
    return inTurn(ctx, () => ctx.exchange.cancel(who.apiKey, body.data));
  });

  signed.delete('/cancel-all', (req) => {
    const who = auth(req, ctx, '/cancel-all');
    return inTurn(ctx, () => {
      const ids = ctx.exchange.openOrderIds(who.apiKey);
      cancelBudget(who, ids.length);
      return ctx.exchange.cancel(who.apiKey, ids);
    });
  });

  // Every open order of the key in one market, or of one outcome token.
  signed.delete('/cancel-market-orders', (req) => {
    const who = auth(req, ctx, '/cancel-market-orders');
    const body = cancelMarket.safeParse(req.body ?? {});
    if (!body.success) throw badParam('body', 'body must be {"market": "<condition id>"} and/or {"asset_id": "<token id>"}');
    const { market, asset_id } = body.data;
    return inTurn(ctx, () => {
      const token = asset_id === undefined ? undefined : ctx.exchange.token(asset_id);
      if (asset_id !== undefined && !token) throw badParam('asset_id', `asset_id ${asset_id} is not a token of this venue`);
      if (market !== undefined && token && token.conditionId !== market.toLowerCase()) throw badParam('asset_id', `asset_id ${asset_id} is not a token of market ${market}`);
      const ids = ctx.exchange.openOrderIds(who.apiKey, market?.toLowerCase() ?? token?.conditionId);
      const ofToken = token && new Set((ctx.db.prepare('SELECT id FROM orders WHERE owner = ? AND token_id = ?').all(who.apiKey, token.tokenId) as Array<{ id: string }>).map((r) => r.id));
      const chosen = ofToken ? ids.filter((id) => ofToken.has(id)) : ids;
      cancelBudget(who, chosen.length);
      return ctx.exchange.cancel(who.apiKey, chosen);
    });
  });

  signed.get('/data/orders', (req) => {
    const who = auth(req, ctx, '/data/orders');
    const q = req.query as Record<string, unknown>;
    const single = (name: string): string | undefined => {
      const v = q[name];
      if (v === undefined) return undefined;
      if (typeof v !== 'string' || v.length === 0) throw badParam(name, `${name} must be a single non-empty value`);
      return v;
    };
    const cursor = single('next_cursor');
    const offset = cursor === undefined ? 0 : decodeCursor(cursor);
    if (offset === null || offset < 0) throw badParam('next_cursor', 'next_cursor must be a cursor from a previous page (first page: MA==)');
    const where = ["owner = ?", "status IN ('live', 'delayed')"];
    const args: unknown[] = [who.apiKey];
    const id = single('id');
    const market = single('market');
    const asset = single('asset_id');
    for (const [column, value] of [['id', id], ['condition_id', market?.toLowerCase()], ['token_id', asset]] as const) {
      if (value === undefined) continue;
      where.push(`${column} = ?`);
      args.push(value);
    }
    const rows = ctx.db
      .prepare(`SELECT o.*, t.outcome FROM orders o JOIN tokens t ON t.token_id = o.token_id WHERE ${where.map((w) => `o.${w}`).join(' AND ')} ORDER BY o.seq LIMIT ? OFFSET ?`)
      .all(...args, OPEN_ORDERS_PAGE + 1, offset) as Array<Record<string, string | number>>;
    const page = rows.slice(0, OPEN_ORDERS_PAGE);
    return {
      data: page.map((r) => orderObject(r)),
      next_cursor: rows.length > OPEN_ORDERS_PAGE ? encodeCursor(offset + OPEN_ORDERS_PAGE) : END_CURSOR,
      limit: OPEN_ORDERS_PAGE,
      count: page.length,
    };
  });

  signed.get('/balance-allowance', (req) => balanceAllowance(ctx, auth(req, ctx, '/balance-allowance'), req.query as Record<string, unknown>));
}

/** An order row (with its token's outcome) as the open-order routes answer it. */
export function orderObject(r: Record<string, unknown>): Record<string, unknown> {
  return {
    id: r['id'],
    status: r['status'],
    owner: r['owner'],
    maker_address: r['wallet'],
    market: r['condition_id'],
    asset_id: r['token_id'],
    side: r['side'],
    original_size: formatMicros(r['size'] as number),
    size_matched: formatMicros(r['filled'] as number),
    price: formatMicros(r['price'] as number),
    outcome: r['outcome'],
    order_type: r['order_type'],
    expiration: String(r['expiration']),
    created_at: Math.floor((r['created_at'] as number) / 1000),
  };
}
