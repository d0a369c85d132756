// The rest of what the service family's official clients read, where the paper venue has a true
// answer: it pays no liquidity rewards (no order scores), sends no notifications, has no orders
// from before a migration, and has nothing to refresh in a balance.
import { z } from 'zod';
import { END_CURSOR } from '@shared/domain/cursor.js';
import { badParam, notFound } from '../errors.js';
import type { Surface, VenueContext } from '../http.js';
import { auth, balanceAllowance } from './orders.js';

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
