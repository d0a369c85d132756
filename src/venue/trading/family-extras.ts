// The rest of what the service family's official clients read, where the paper venue has a true
// answer: it pays no liquidity rewards (no order scores, no earnings), sends no notifications,
// has no orders from before a migration, and has nothing to refresh in a balance; and a market's
// recent trades as the family's activity feed.
import { z } from 'zod';
import { END_CURSOR } from '@shared/domain/cursor.js';
import { formatMicros } from '@shared/domain/money.js';
import { badParam, notFound } from '../errors.js';
import type { Surface, VenueContext } from '../http.js';
import { auth, balanceAllowance } from './orders.js';
import { marketRow } from './reads.js';

/** Trades per answer of GET /markets/live-activity/{condition_id}. */
const ACTIVITY_TRADES = 100;

const orderIds = z.array(z.string().min(1)).max(1000);

export function registerFamilyExtras(s: Surface, ctx: VenueContext): void {
  const signed = (method: 'get' | 'post' | 'delete', path: string, handler: Parameters<Surface['get']>[2]) => s[method](path, [], handler, { signed: path });

  signed('get', '/balance-allowance/update', (req) => balanceAllowance(ctx, auth(req, ctx, '/balance-allowance/update'), req.query as Record<string, unknown>));

  signed('get', '/notifications', (req) => {
    auth(req, ctx, '/notifications');
    return [];
  });
  signed('delete', '/notifications', (req) => {
    auth(req, ctx, '/notifications');
    return 'OK';
  });

  signed('get', '/data/pre-migration-orders', (req) => {
    auth(req, ctx, '/data/pre-migration-orders');
    return { data: [], next_cursor: END_CURSOR, limit: 100, count: 0 };
  });

  // Liquidity rewards: the paper venue pays none, so a wallet has earned nothing.
  const emptyPage = { data: [], next_cursor: END_CURSOR, limit: 100, count: 0 };
  const needDate = (req: { query: unknown }): void => {
    const date = (req.query as Record<string, unknown>)['date'];
    if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw badParam('date', 'date must be YYYY-MM-DD');
  };
  signed('get', '/rewards/user', (req) => {
    auth(req, ctx, '/rewards/user');
    needDate(req);
    return emptyPage;
  });
  signed('get', '/rewards/user/total', (req) => {
    auth(req, ctx, '/rewards/user/total');
    needDate(req);
    return [];
  });
  signed('get', '/rewards/user/percentages', (req) => {
    auth(req, ctx, '/rewards/user/percentages');
    return {};
  });

  // A market's latest trades (takers' side), newest first, with the trader's public profile.
  s.get('/markets/live-activity/:condition_id', [], (req) => {
    const m = marketRow(ctx.db, (req.params as { condition_id: string }).condition_id);
    const rows = ctx.db
      .prepare(
        `SELECT f.*, t.token_id, t.outcome, w.name, w.pseudonym, w.profile_image FROM fills f
         JOIN tokens t ON t.condition_id = f.condition_id AND t.outcome_index = f.outcome_index LEFT JOIN wallets w ON w.address = f.wallet
         WHERE f.condition_id = ? AND f.role = 'T' ORDER BY f.ts DESC, f.id DESC LIMIT ?`,
      )
      .all(m['condition_id'], ACTIVITY_TRADES) as Array<Record<string, string | number | null>>;
    return rows.map((f) => ({
      event_type: 'trade',
      market: { condition_id: m['condition_id'], asset_id: f['token_id'], question: m['question'], icon: m['icon'], slug: m['slug'] },
      user: { address: f['wallet'], username: f['name'] ?? '', profile_picture: f['profile_image'] ?? '', optimized_profile_picture: f['profile_image'] ?? '', pseudonym: f['pseudonym'] ?? '' },
      side: f['side'],
      size: formatMicros(f['size'] as number),
      fee_rate_bps: String(m['taker_base_fee']),
      price: formatMicros(f['price'] as number),
      outcome: f['outcome'],
      outcome_index: f['outcome_index'],
      transaction_hash: f['tx_hash'],
      timestamp: String(Math.floor((f['ts'] as number) / 1000)),
    }));
  });

  signed('get', '/order-scoring', (req) => {
    const who = auth(req, ctx, '/order-scoring');
    const id = (req.query as Record<string, unknown>)['order_id'];
    if (typeof id !== 'string' || id === '') throw badParam('order_id', 'order_id is required');
    if (!ctx.db.prepare('SELECT 1 FROM orders WHERE id = ? AND owner = ?').get(id, who.apiKey)) throw notFound(`no order ${id} of this API key`);
    return { scoring: false };
  });
  signed('post', '/orders-scoring', (req) => {
    auth(req, ctx, '/orders-scoring');
    const ids = orderIds.safeParse(req.body);
    if (!ids.success) throw badParam('body', 'body must be a JSON array of at most 1000 order ids');
    return Object.fromEntries(ids.data.map((id) => [id, false]));
  });
}
