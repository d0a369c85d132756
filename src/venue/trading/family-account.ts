// Signed account reads the service family serves beyond the spec (venue-profile E), in the shapes
// its official clients read: one order by id, the key's trades, its keys and its ban status.
import type { FastifyRequest } from 'fastify';
import { decodeCursor, encodeCursor, END_CURSOR } from '@shared/domain/cursor.js';
import { formatMicros } from '@shared/domain/money.js';
import { badParam, notFound } from '../errors.js';
import type { Surface, VenueContext } from '../http.js';
import { auth, orderObject } from './orders.js';

const TRADES_PAGE = 100;

type Row = Record<string, string | number>;

function single(q: Record<string, unknown>, name: string): string | undefined {
  const v = q[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v.length === 0) throw badParam(name, `${name} must be a single non-empty value`);
  return v;
}

function epochSeconds(q: Record<string, unknown>, name: string): number | undefined {
  const v = single(q, name);
  if (v === undefined) return undefined;
  if (!/^\d{1,12}$/.test(v)) throw badParam(name, `${name} must be epoch seconds`);
  return Number(v);
}

export function registerFamilyAccount(s: Surface, ctx: VenueContext): void {
  const { db } = ctx;
  const orderPath = (req: FastifyRequest): string => `/data/order/${(req.params as { id?: string }).id ?? ''}`;

  // One order of the key, whatever its state; another key's order is as unknown as a missing one.
  s.get('/data/order/:id', [], (req) => {
    const who = auth(req, ctx, orderPath(req));
    const id = (req.params as { id: string }).id;
    const r = db.prepare('SELECT o.*, t.outcome FROM orders o JOIN tokens t ON t.token_id = o.token_id WHERE o.id = ? AND o.owner = ?').get(id, who.apiKey) as Row | undefined;
    if (!r) throw notFound(`no order ${id} of this API key`);
    // The ledger keeps fills per wallet and match, not per order.
    return { ...orderObject(r), associate_trades: [] };
  }, { signed: orderPath });

  // The wallet's fills, newest first: one trade per fill, its counterparties as maker_orders.
  s.get('/data/trades', [], (req) => {
    const who = auth(req, ctx, '/data/trades');
    const q = req.query as Record<string, unknown>;
    const cursor = single(q, 'next_cursor') ?? 'MA==';
    if (cursor === END_CURSOR) return { limit: TRADES_PAGE, count: 0, next_cursor: END_CURSOR, data: [] };
    const offset = decodeCursor(cursor);
    if (offset === null || offset < 0) throw badParam('next_cursor', 'next_cursor must be a cursor from a previous page (first page: MA==)');
    const where = ['f.wallet = ?'];
    const args: unknown[] = [who.address.toLowerCase()];
    const id = single(q, 'id');
    if (id !== undefined) {
      if (!/^\d{1,15}$/.test(id)) throw badParam('id', 'id must be a trade id from GET /data/trades');
      where.push('f.match_id = ?');
      args.push(Number(id));
    }
    const market = single(q, 'market');
    if (market !== undefined) {
      where.push('f.condition_id = ?');
      args.push(market.toLowerCase());
    }
    const asset = single(q, 'asset_id');
    if (asset !== undefined) {
      where.push('t.token_id = ?');
      args.push(asset);
    }
    const maker = single(q, 'maker_address');
    if (maker !== undefined && maker.toLowerCase() !== who.address.toLowerCase()) where.push('0');
    const before = epochSeconds(q, 'before');
    const after = epochSeconds(q, 'after');
    if (before !== undefined) {
      where.push('f.ts < ?');
      args.push(before * 1000);
    }
    if (after !== undefined) {
      where.push('f.ts > ?');
      args.push(after * 1000);
    }
    const rows = db
      .prepare(`SELECT f.*, t.token_id, t.outcome, m.taker_base_fee, m.maker_base_fee FROM fills f
                JOIN tokens t ON t.condition_id = f.condition_id AND t.outcome_index = f.outcome_index JOIN markets m ON m.condition_id = f.condition_id
                WHERE ${where.join(' AND ')} ORDER BY f.ts DESC, f.id DESC LIMIT ? OFFSET ?`)
      .all(...args, TRADES_PAGE + 1, offset) as Row[];
    const page = rows.slice(0, TRADES_PAGE);
    const others = db.prepare(`SELECT f.*, t.token_id, t.outcome, m.maker_base_fee FROM fills f
                               JOIN tokens t ON t.condition_id = f.condition_id AND t.outcome_index = f.outcome_index JOIN markets m ON m.condition_id = f.condition_id
                               WHERE f.match_id = ? AND f.id <> ? ORDER BY f.id`);
    return {
      limit: TRADES_PAGE,
      count: page.length,
      next_cursor: rows.length > TRADES_PAGE ? encodeCursor(offset + TRADES_PAGE) : END_CURSOR,
      data: page.map((f) => ({
        id: String(f['match_id']),
        taker_order_id: '',
        market: f['condition_id'],
        asset_id: f['token_id'],
        side: f['side'],
        size: formatMicros(f['size'] as number),
        fee_rate_bps: String(f['role'] === 'T' ? f['taker_base_fee'] : f['maker_base_fee']),
        price: formatMicros(f['price'] as number),
        status: 'CONFIRMED',
        match_time: String(Math.floor((f['ts'] as number) / 1000)),
        last_update: String(Math.floor((f['ts'] as number) / 1000)),
        outcome: f['outcome'],
        bucket_index: 0,
        owner: who.apiKey,
        maker_address: f['wallet'],
        maker_orders: (others.all(f['match_id'], f['id']) as Row[]).map((o) => ({
          order_id: '',
          owner: '',
          maker_address: o['wallet'],
          matched_amount: formatMicros(o['size'] as number),
          price: formatMicros(o['price'] as number),
          fee_rate_bps: String(o['maker_base_fee']),
          asset_id: o['token_id'],
          outcome: o['outcome'],
          side: o['side'],
        })),
        transaction_hash: f['tx_hash'],
        trader_side: f['role'] === 'T' ? 'TAKER' : 'MAKER',
      })),
    };
  }, { signed: '/data/trades' });

  s.get('/auth/api-keys', [], (req) => {
    const who = auth(req, ctx, '/auth/api-keys');
    const keys = db.prepare('SELECT api_key FROM api_keys WHERE address = ? ORDER BY created_at, api_key').all(who.address.toLowerCase()) as Array<{ api_key: string }>;
    return { apiKeys: keys.map((k) => k.api_key) };
  }, { signed: '/auth/api-keys' });

  // Nothing on this venue restricts a wallet to closing trades.
  s.get('/auth/ban-status/closed-only', [], (req) => {
    auth(req, ctx, '/auth/ban-status/closed-only');
    return { closed_only: false };
  }, { signed: '/auth/ban-status/closed-only' });
}
