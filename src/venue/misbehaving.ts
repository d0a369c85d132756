// `--misbehave`: the venue answers as some real deployments do when they are wrong, while every
// answer keeps the spec's shape. It ignores filters it does not know (`event_id` and `event_slug`
// on the catalog's /markets answer every market), contradicts itself about negative risk (the
// trading surface says `neg_risk: true` where market settings' `nr` and the catalog's `negRisk`
// say false, for the markets of every odd-numbered multi-market event that is not negative
// risk), answers a user's comments with other users' comments mixed in, and leaves out the
// optional `events` of every odd-numbered market on /markets (so a row's event is known only
// from the event's own `markets[]`). Clients that take answers at their word show wrong events,
// wrong traders and optimistic worst cases.
import type { Db } from './db/open.js';
import type { Presenter } from './http.js';
import { RawJson } from './http.js';
import { commentsByUser, listComments } from './catalog/comments.js';

/** Query parameters each route acts as if it had not been given. */
export const IGNORED_FILTERS: Readonly<Record<string, readonly string[]>> = {
  'catalog GET /markets': ['event_id', 'event_slug', 'eventSlug'],
};

/**
 * Condition ids whose trading surface claims negative risk that the rest denies: the markets of
 * every odd-numbered event of two or more markets whose event is not negative risk.
 */
export function contradictedMarkets(db: Db): Set<string> {
  const rows = db
    .prepare(
      `SELECT m.condition_id FROM markets m JOIN events e ON e.id = m.event_id
       WHERE e.neg_risk = 0 AND m.neg_risk = 0 AND e.id % 2 = 1 AND (SELECT COUNT(*) FROM markets o WHERE o.event_id = e.id) >= 2`,
    )
    .all() as Array<{ condition_id: string }>;
  return new Set(rows.map((r) => r.condition_id.toLowerCase()));
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function claimNegRisk(o: unknown, contradicted: ReadonlySet<string>): unknown {
  if (!isObj(o) || o['neg_risk'] !== false || typeof o['condition_id'] !== 'string' || !contradicted.has(o['condition_id'].toLowerCase())) return o;
  const event = isObj(o['event']) ? o['event'] : undefined;
  return { ...o, neg_risk: true, ...('neg_risk_market_id' in o ? { neg_risk_market_id: `0x${String(event?.['id'] ?? o['condition_id']).padStart(64, '0').slice(-64)}` } : {}) };
}

/** A catalog market of odd id without its optional `events`. */
function withoutEvents(m: unknown): unknown {
  if (!isObj(m) || Number(m['id']) % 2 === 0) return m;
  const { events: _events, ...rest } = m;
  return rest;
}

/** Rewrites the trading surface's answers to claim negative risk for the contradicted markets, then hands on to `next`. */
export function misbehavingPresenter(db: Db, next: Presenter | undefined): Presenter {
  const contradicted = contradictedMarkets(db);
  return (route, body) => {
    let out = body instanceof RawJson ? (JSON.parse(body.text()) as unknown) : body;
    if (route === 'trading GET /markets/:condition_id') out = claimNegRisk(out, contradicted);
    else if (route === 'catalog GET /markets' && Array.isArray(out)) out = out.map(withoutEvents);
    else if (route === 'trading GET /sampling-simplified-markets' && isObj(out) && Array.isArray(out['data'])) {
      out = { ...out, data: (out['data'] as unknown[]).map((m) => claimNegRisk(m, contradicted)) };
    }
    return next ? next(route, out) : out;
  };
}

/**
 * GET /comments/user_address/{a} that ignores the address in part: the user's page of comments
 * and the same page of everyone's, newest first, each comment once.
 */
export function commentsOfAnyone(db: Db, address: string, q: { limit: number; offset: number }): unknown[] {
  const own = JSON.parse(commentsByUser(db, address, q).text()) as Obj[];
  const all = JSON.parse(listComments(db, { ...q, order: 'createdAt', ascending: false, holdersOnly: false }).text()) as Obj[];
  const seen = new Set<unknown>();
  return [...own, ...all]
    .filter((c) => (seen.has(c['id']) ? false : (seen.add(c['id']), true)))
    .sort((a, b) => String(b['createdAt']).localeCompare(String(a['createdAt'])));
}
