// Arranging routes (`--admin-routes`, off by default): what an operator, or a test harness, sets up
// on a running venue without touching its database file — a market's trading settings, its resting
// orders cancelled, a comment posted, API credentials for a wallet — and read-only finders
// (admin-queries.ts). Loopback and the run token guard them as they do the lifecycle route; they
// stand outside the three surfaces, so spec-only mode and the representation leave them alone.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { formatMicros, parseMicros } from '@shared/domain/money.js';
import type { VenueContext } from './context.js';
import { badParam, notFound } from './errors.js';
import { catalogChanged } from './market-index.js';
import { ensureApiKey } from './auth/keys.js';
import { adminGuard, parse } from './admin.js';
import { RedeemRefusal } from './exchange/settlement.js';
import { registerAdminQueries } from './admin-queries.js';

export const TICK_SIZES = ['0.1', '0.01', '0.001', '0.0001'] as const;

const CONDITION_ID = /^0x[0-9a-fA-F]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** A market's trading settings; each left out stays as it is. */
export const tradingSettings = z
  .object({
    tickSize: z.enum(TICK_SIZES).optional(),
    /** Whole shares. */
    minSize: z.number().int().min(1).max(1_000_000).optional(),
    /** Venue-profile itode: takers' orders wait before matching. */
    takerDelay: z.boolean().optional(),
    /** Venue-profile ibce: blocked addresses refused. */
    screening: z.boolean().optional(),
    /** Venue-profile oas: seconds an order must rest before it may be cancelled. */
    minOrderAge: z.number().int().min(0).max(86_400).optional(),
    /** Basis points. */
    makerBaseFee: z.number().int().min(0).max(10_000).optional(),
    takerBaseFee: z.number().int().min(0).max(10_000).optional(),
    feeRate: z.number().min(0).max(1).optional(),
  })
  .strict()
  .refine((s) => Object.keys(s).length > 0, { message: 'name at least one setting' });

export type TradingSettings = z.infer<typeof tradingSettings>;

const COLUMNS: Record<keyof TradingSettings, string> = {
  tickSize: 'tick_size',
  minSize: 'min_size',
  takerDelay: 'taker_delay',
  screening: 'screening',
  minOrderAge: 'min_order_age',
  makerBaseFee: 'maker_base_fee',
  takerBaseFee: 'taker_base_fee',
  feeRate: 'fee_rate',
};

const commentBody = z
  .object({
    body: z.string().min(1).max(2000),
    parentEntityType: z.enum(['Event', 'Series', 'market']),
    parentEntityId: z.number().int().min(1),
    parentCommentId: z.number().int().min(1).optional(),
    userAddress: z.string().regex(ADDRESS, 'a 0x-prefixed 20-byte address'),
    /** Epoch ms; now when left out. */
    createdAt: z.number().int().min(0).optional(),
  })
  .strict();

/** A positive decimal amount of at most six places, as the trader reads it. */
const amount = z.string().regex(/^\d{1,9}(\.\d{1,6})?$/, 'a decimal amount like "50" or "0.5", at most six places');

const cashBody = z.object({ cash: amount }).strict();

const mintBody = z
  .object({
    wallet: z.string().regex(ADDRESS, 'a 0x-prefixed 20-byte address'),
    /** Shares of each outcome. */
    shares: amount,
    /** What the first outcome's shares are booked at (the second's at 1 minus it). */
    price0: z.string().regex(/^0?\.\d{1,6}$/, 'a price between 0 and 1 like "0.5"').default('0.5'),
  })
  .strict();

const redeemBody = z.object({ wallet: z.string().regex(ADDRESS, 'a 0x-prefixed 20-byte address') }).strict();

const accountBody = z.object({ address: z.string().regex(ADDRESS, 'a 0x-prefixed 20-byte address') }).strict();

/** Sets trading settings on the markets `where` selects; returns how many changed. */
export function applyTradingSettings(ctx: VenueContext, where: { conditionId: string } | { eventId: number }, s: TradingSettings): number {
  const sets: string[] = [];
  const values: Array<number | string> = [];
  for (const [key, column] of Object.entries(COLUMNS) as Array<[keyof TradingSettings, string]>) {
    const v = s[key];
    if (v === undefined) continue;
    sets.push(`${column} = ?`);
    values.push(key === 'tickSize' ? Number(parseMicros(v as string)) : typeof v === 'boolean' ? (v ? 1 : 0) : v);
  }
  const filter = 'conditionId' in where ? 'condition_id = ?' : 'event_id = ?';
  // The listing shows tick and minimum size: its `updatedAt` moves with them.
  sets.push('updated_at = MAX(updated_at, ?)');
  values.push(ctx.now());
  const changed = ctx.db.prepare(`UPDATE markets SET ${sets.join(', ')} WHERE ${filter}`).run(...values, 'conditionId' in where ? where.conditionId.toLowerCase() : where.eventId).changes;
  if (changed > 0) catalogChanged(ctx.db);
  return changed;
}

/** Cancels every resting order of a market, whoever placed it; returns how many. */
export function cancelResting(ctx: VenueContext, conditionId: string): number {
  const resting = ctx.db.prepare("SELECT id, owner FROM orders WHERE condition_id = ? AND status IN ('live', 'delayed')").all(conditionId.toLowerCase()) as Array<{ id: string; owner: string }>;
  let cancelled = 0;
  for (const owner of new Set(resting.map((r) => r.owner))) {
    cancelled += ctx.exchange.cancel(owner, resting.filter((r) => r.owner === owner).map((r) => r.id)).canceled.length;
  }
  return cancelled;
}

export function addComment(ctx: VenueContext, c: z.infer<typeof commentBody>): { id: number } {
  if (c.parentCommentId !== undefined && !ctx.db.prepare('SELECT 1 FROM comments WHERE id = ?').get(c.parentCommentId)) {
    throw badParam('parentCommentId', `comment: parentCommentId: no comment ${c.parentCommentId}`);
  }
  const at = c.createdAt ?? ctx.now();
  const r = ctx.db
    .prepare(
      `INSERT INTO comments (body, parent_entity_type, parent_entity_id, parent_comment_id, user_address, reply_address, created_at, updated_at, report_count)
       VALUES (?, ?, ?, ?, ?, NULL, ?, ?, 0)`,
    )
    .run(c.body, c.parentEntityType, c.parentEntityId, c.parentCommentId ?? null, c.userAddress, at, at);
  return { id: Number(r.lastInsertRowid) };
}

function conditionIdOf(req: FastifyRequest): string {
  const { conditionId } = req.params as { conditionId: string };
  if (!CONDITION_ID.test(conditionId)) throw badParam('conditionId', `conditionId must be 0x and 64 hex digits, got "${conditionId}"`);
  return conditionId.toLowerCase();
}

function eventIdOf(req: FastifyRequest): number {
  const { eventId } = req.params as { eventId: string };
  const id = Number(eventId);
  if (!/^\d+$/.test(eventId) || !Number.isSafeInteger(id)) throw badParam('eventId', `eventId must be a whole number, got "${eventId}"`);
  return id;
}

/** Registers the arranging routes under /admin, each behind the loopback and token check. */
export function registerAdminRoutes(app: FastifyInstance, ctx: VenueContext, token: string): void {
  void app.register(
    async (scope) => {
      scope.addHook('onRequest', async (req) => adminGuard(req, token));
      scope.post('/markets/:conditionId/trading', async (req) => {
        const conditionId = conditionIdOf(req);
        const changed = applyTradingSettings(ctx, { conditionId }, parse(tradingSettings, req.body, 'trading settings'));
        if (changed === 0) throw notFound(`No market ${conditionId}`);
        return { conditionId, markets: changed };
      });
      scope.post('/events/:eventId/trading', async (req) => {
        const eventId = eventIdOf(req);
        const changed = applyTradingSettings(ctx, { eventId }, parse(tradingSettings, req.body, 'trading settings'));
        if (changed === 0) throw notFound(`No event ${eventId} with markets`);
        return { eventId, markets: changed };
      });
      scope.post('/markets/:conditionId/cancel-resting', async (req) => {
        const conditionId = conditionIdOf(req);
        if (!ctx.db.prepare('SELECT 1 FROM markets WHERE condition_id = ?').get(conditionId)) throw notFound(`No market ${conditionId}`);
        return { conditionId, cancelled: cancelResting(ctx, conditionId) };
      });
      // A wallet's paper cash, set (not added to).
      scope.post('/wallets/:address/cash', async (req) => {
        const { address } = req.params as { address: string };
        if (!ADDRESS.test(address)) throw badParam('address', `address must be 0x and 40 hex digits, got "${address}"`);
        const { cash } = parse(cashBody, req.body, 'cash');
        ctx.exchange.fund(address.toLowerCase(), Number(parseMicros(cash)));
        return { address: address.toLowerCase(), cash };
      });
      // A full set of a binary market's tokens for a wallet, paid from its cash, as a split does.
      scope.post('/markets/:conditionId/mint', async (req) => {
        const conditionId = conditionIdOf(req);
        const m = parse(mintBody, req.body, 'mint');
        const row = ctx.db.prepare('SELECT outcomes FROM markets WHERE condition_id = ?').get(conditionId) as { outcomes: string } | undefined;
        if (!row) throw notFound(`No market ${conditionId}`);
        if ((JSON.parse(row.outcomes) as unknown[]).length !== 2) throw badParam('conditionId', `mint: market ${conditionId} is not a two-outcome market`);
        ctx.exchange.mint(m.wallet.toLowerCase(), conditionId, Number(parseMicros(m.shares)), Number(parseMicros(m.price0)));
        return { conditionId, wallet: m.wallet.toLowerCase(), shares: m.shares };
      });
      // What a wallet's tokens of a resolved market pay, as the trader's own redeem route would.
      scope.post('/markets/:conditionId/redeem', async (req) => {
        const conditionId = conditionIdOf(req);
        const { wallet } = parse(redeemBody, req.body, 'redeem');
        try {
          const r = ctx.exchange.redeem(wallet.toLowerCase(), conditionId);
          return { conditionId, wallet: wallet.toLowerCase(), payout: formatMicros(r.payout) };
        } catch (err) {
          if (err instanceof RedeemRefusal) throw badParam('conditionId', `redeem: ${err.message}`);
          throw err;
        }
      });
      scope.post('/comments', async (req) => addComment(ctx, parse(commentBody, req.body, 'comment')));
      // Venue-profile G: a deployment's operator registers keys; the spec-only venue has no key endpoint.
      scope.post('/accounts', async (req) => {
        const { address } = parse(accountBody, req.body, 'account');
        const creds = ensureApiKey(ctx, address, '0');
        return { address: address.toLowerCase(), apiKey: creds.apiKey, secret: creds.secret, passphrase: creds.passphrase };
      });
      registerAdminQueries(scope, ctx);
    },
    { prefix: '/admin' },
  );
}

/**
 * Without --admin-routes: any other /admin path is a 404 that says how to turn them on, so that a
 * harness pointed at a normal venue learns why (the lifecycle route, more specific, still answers).
 */
export function refuseAdminRoutes(app: FastifyInstance): void {
  app.all('/admin/*', async (req) => {
    throw notFound(`No route ${req.method} ${req.url.split('?')[0]}: the arranging routes are off (start the venue with --admin-routes)`);
  });
}
