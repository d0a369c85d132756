// Read-only finders of the arranging routes: the venue's world as stored, in one plain shape
// whatever the representation or mode, with what the surfaces do not say (resting orders per
// market, the span of its trades, which wallets hold an event, the misbehaving mode's
// contradicted markets), so that a harness finds "a market with no resting orders" without
// reading the database file.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { VenueContext } from './context.js';
import { badParam, notFound } from './errors.js';
import { contradictedMarkets } from './misbehaving.js';
import { parse } from './admin.js';

export interface WorldMarket {
  id: number;
  conditionId: string;
  question: string;
  description: string;
  eventId: number;
  status: string;
  negRisk: boolean;
  outcomes: string[];
  /** Token ids by outcome index. */
  tokens: string[];
  mirrorConditionId: string | null;
  tagIds: number[];
  /** Live or delayed orders on its book. */
  restingOrders: number;
  /** Its trades' first and last time (epoch ms), or null without trades. */
  fills: { first: number; last: number } | null;
  /** Misbehaving mode only: the surfaces contradict each other about it. */
  contradicted?: boolean;
}

export interface WorldEvent {
  id: number;
  slug: string;
  title: string;
  active: boolean;
  closed: boolean;
  negRisk: boolean;
  seriesId: number | null;
  /** Comments posted on the event itself. */
  comments: number;
}

export interface World {
  markets: WorldMarket[];
  events: WorldEvent[];
  series: Array<{ id: number; slug: string }>;
  tags: Array<{ id: number; label: string }>;
}

export function world(ctx: VenueContext): World {
  const { db } = ctx;
  const tokens = new Map<string, string[]>();
  for (const t of db.prepare('SELECT condition_id, outcome_index, token_id FROM tokens ORDER BY condition_id, outcome_index').all() as Array<{ condition_id: string; outcome_index: number; token_id: string }>) {
    const list = tokens.get(t.condition_id) ?? [];
    list[t.outcome_index] = t.token_id;
    tokens.set(t.condition_id, list);
  }
  const tags = new Map<number, number[]>();
  for (const t of db.prepare('SELECT market_id, tag_id FROM market_tags ORDER BY market_id, tag_id').all() as Array<{ market_id: number; tag_id: number }>) {
    tags.set(t.market_id, [...(tags.get(t.market_id) ?? []), t.tag_id]);
  }
  const resting = new Map(
    (db.prepare("SELECT condition_id, COUNT(*) AS n FROM orders WHERE status IN ('live', 'delayed') GROUP BY condition_id").all() as Array<{ condition_id: string; n: number }>).map((r) => [r.condition_id, r.n]),
  );
  const fills = new Map(
    (db.prepare('SELECT condition_id, MIN(ts) AS first, MAX(ts) AS last FROM fills GROUP BY condition_id').all() as Array<{ condition_id: string; first: number; last: number }>).map((r) => [r.condition_id, { first: r.first, last: r.last }]),
  );
  const contradicted = ctx.misbehave ? contradictedMarkets(db) : undefined;
  const rows = db.prepare('SELECT id, condition_id, question, description, event_id, status, neg_risk, outcomes, mirror_condition_id FROM markets ORDER BY id').all() as Array<{
    id: number;
    condition_id: string;
    question: string;
    description: string;
    event_id: number;
    status: string;
    neg_risk: number;
    outcomes: string;
    mirror_condition_id: string | null;
  }>;
  const markets = rows.map((m): WorldMarket => ({
    id: m.id,
    conditionId: m.condition_id,
    question: m.question,
    description: m.description,
    eventId: m.event_id,
    status: m.status,
    negRisk: m.neg_risk === 1,
    outcomes: JSON.parse(m.outcomes) as string[],
    tokens: tokens.get(m.condition_id) ?? [],
    mirrorConditionId: m.mirror_condition_id,
    tagIds: tags.get(m.id) ?? [],
    restingOrders: resting.get(m.condition_id) ?? 0,
    fills: fills.get(m.condition_id) ?? null,
    ...(contradicted ? { contradicted: contradicted.has(m.condition_id.toLowerCase()) } : {}),
  }));
  const comments = new Map(
    (db.prepare("SELECT parent_entity_id AS id, COUNT(*) AS n FROM comments WHERE parent_entity_type = 'Event' GROUP BY parent_entity_id").all() as Array<{ id: number; n: number }>).map((r) => [r.id, r.n]),
  );
  const events = (db.prepare('SELECT id, slug, title, active, closed, neg_risk, series_id FROM events ORDER BY id').all() as Array<{ id: number; slug: string; title: string; active: number; closed: number; neg_risk: number; series_id: number | null }>).map(
    (e): WorldEvent => ({ id: e.id, slug: e.slug, title: e.title, active: e.active === 1, closed: e.closed === 1, negRisk: e.neg_risk === 1, seriesId: e.series_id, comments: comments.get(e.id) ?? 0 }),
  );
  return {
    markets,
    events,
    series: db.prepare('SELECT id, slug FROM series ORDER BY id').all() as World['series'],
    tags: db.prepare('SELECT id, label FROM tags ORDER BY id').all() as World['tags'],
  };
}

const walletsQuery = z
  .object({
    /** Only wallets holding (`true`) or not holding (`false`) at least one share of this event. */
    event: z.coerce.number().int().min(1).optional(),
    holding: z.enum(['true', 'false']).optional(),
    address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'a 0x-prefixed 20-byte address').optional(),
  })
  .strict()
  .refine((q) => (q.event === undefined) === (q.holding === undefined), { message: 'event and holding go together' });

const commentsQuery = z
  .object({
    user: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'a 0x-prefixed 20-byte address'),
    limit: z.coerce.number().int().min(1).max(500).default(20),
  })
  .strict();

export function registerAdminQueries(scope: FastifyInstance, ctx: VenueContext): void {
  scope.get('/world', async (req) => {
    if (Object.keys(req.query as object).length > 0) throw badParam(Object.keys(req.query as object)[0] as string, 'GET /admin/world takes no query parameters');
    return world(ctx);
  });
  // Wallets by address, newest name first; `event` + `holding` narrow to holders of an event or not.
  scope.get('/wallets', async (req) => {
    const q = parse(walletsQuery, req.query, 'wallets query');
    const where: string[] = [];
    const args: Array<string | number> = [];
    if (q.event !== undefined) {
      if (!ctx.db.prepare('SELECT 1 FROM events WHERE id = ?').get(q.event)) throw notFound(`No event ${q.event}`);
      where.push(`${q.holding === 'true' ? '' : 'NOT '}EXISTS (SELECT 1 FROM positions p JOIN markets m ON m.condition_id = p.condition_id WHERE p.wallet = w.address AND m.event_id = ? AND p.size >= 1000000)`);
      args.push(q.event);
    }
    if (q.address !== undefined) {
      where.push('w.address = ?');
      args.push(q.address.toLowerCase());
    }
    return ctx.db.prepare(`SELECT address, name FROM wallets w ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY address`).all(...args);
  });
  // A user's comments, newest first, as stored (whatever the surfaces show of them).
  scope.get('/comments', async (req) => {
    const q = parse(commentsQuery, req.query, 'comments query');
    return ctx.db
      .prepare('SELECT id, body, parent_entity_type AS parentEntityType, parent_entity_id AS parentEntityId, created_at AS createdAt FROM comments WHERE lower(user_address) = ? ORDER BY created_at DESC, id DESC LIMIT ?')
      .all(q.user.toLowerCase(), q.limit);
  });
}
