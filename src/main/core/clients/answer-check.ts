// Every keyed or filtered list read, checked against what was asked: a venue that ignores a
// filter it does not know, a proxy that drops the query, or a bug answers rows that do not
// belong, and showing them as the answer (an event with every market of the venue, a trader
// page with someone else's comments) is wrong money on screen. A row whose own fields
// contradict the question is dropped; a row that does not carry the field contradicts nothing
// and stays. How many were dropped travels with the answer (`droppedOf`), into the response
// cache and to the screen, which says that the venue's answer was filtered.
import { parseDataTokenId } from '@shared/domain/token-ids.js';
import type { CatalogMarket, Comment, Event, HolderGroup, LastTradePrice, LeaderboardEntry, Position, Trade } from '@shared/spec/index.js';

type Value = string | number | boolean | readonly string[] | undefined;
type Asked = Readonly<Record<string, Value>>;
/** One condition of a question: true or false when the row says, undefined when it cannot tell. */
type Rule<T> = (row: T) => boolean | undefined;

const DROPPED = new WeakMap<object, number>();

/** How many rows of `answer` were dropped as not what was asked (0 when none, or not checked). */
export function droppedOf(answer: unknown): number {
  return typeof answer === 'object' && answer !== null ? (DROPPED.get(answer) ?? 0) : 0;
}

/** `answer` carrying `dropped` rows dropped (added to what it carries): for answers put together from several reads. */
export function withDropped<T extends object>(answer: T, dropped: number): T {
  if (dropped > 0 && typeof answer === 'object' && answer !== null) DROPPED.set(answer, dropped);
  return answer;
}

/** The rows that no rule contradicts, carrying how many were dropped. */
export function keepMatching<T>(rows: readonly T[], rules: ReadonlyArray<Rule<T> | undefined>): T[] {
  const active = rules.filter((r): r is Rule<T> => r !== undefined);
  const kept = active.length ? rows.filter((row) => active.every((rule) => rule(row) !== false)) : [...rows];
  return withDropped(kept, droppedOf(rows) + rows.length - kept.length);
}

const norm = (v: unknown): string => String(v).toLowerCase();
const given = (v: Value): boolean => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0);
const listOf = (v: Value): Set<string> => new Set((Array.isArray(v) ? v : String(v).split(',')).map((s) => s.trim().toLowerCase()).filter((s) => s !== ''));
const flagOf = (v: Value): boolean | undefined => (v === true || v === 'true' || v === '1' ? true : v === false || v === 'false' || v === '0' ? false : undefined);

/** Rule: the row's `field` equals the asked value (case-insensitive), when both are known. */
function equals<T>(asked: Value, field: (row: T) => unknown): Rule<T> | undefined {
  if (!given(asked)) return undefined;
  return (row) => {
    const got = field(row);
    return got === undefined || got === null || got === '' ? undefined : norm(got) === norm(asked);
  };
}

/** Rule: the row's `field` is one of the asked comma-separated or listed values. */
function oneOf<T>(asked: Value, field: (row: T) => unknown): Rule<T> | undefined {
  if (!given(asked)) return undefined;
  const set = listOf(asked);
  return (row) => {
    const got = field(row);
    return got === undefined || got === null || got === '' ? undefined : set.has(norm(got));
  };
}

/** Rule: a status flag the row carries matches the asked one. */
function flag<T>(asked: Value, field: (row: T) => boolean | undefined): Rule<T> | undefined {
  const want = flagOf(asked);
  if (want === undefined) return undefined;
  return (row) => {
    const got = field(row);
    return got === undefined ? undefined : got === want;
  };
}

/** Rule: one of the row's listed records has the asked key. */
function among<T>(asked: Value, items: (row: T) => ReadonlyArray<Record<string, unknown>> | undefined, key: string): Rule<T> | undefined {
  if (!given(asked)) return undefined;
  return (row) => {
    const list = items(row);
    return list === undefined || list.length === 0 ? undefined : list.some((i) => i[key] !== undefined && norm(i[key]) === norm(asked));
  };
}

const eventsOf = (m: CatalogMarket) => m.events as ReadonlyArray<Record<string, unknown>> | undefined;

export const check = {
  /** catalog GET /markets */
  markets: (rows: readonly CatalogMarket[], q: Asked): CatalogMarket[] =>
    keepMatching(rows, [
      among(q['event_id'], eventsOf, 'id'),
      among(q['event_slug'] ?? q['eventSlug'], eventsOf, 'slug'),
      oneOf(q['conditionId'] ?? q['condition_id'], (m) => m.conditionId),
      equals(q['slug'], (m) => m.slug),
      flag(q['active'], (m) => m.active),
      flag(q['closed'], (m) => m.closed),
      flag(q['archived'], (m) => m.archived),
    ]),
  /** catalog GET /events */
  events: (rows: readonly Event[], q: Asked): Event[] =>
    keepMatching(rows, [
      equals(q['slug'], (e) => e.slug),
      among(q['tag_id'], (e) => e.tags as ReadonlyArray<Record<string, unknown>> | undefined, 'id'),
      among(q['tag_slug'] ?? q['tag'], (e) => e.tags as ReadonlyArray<Record<string, unknown>> | undefined, 'slug'),
      among(q['series_slug'], (e) => e.series as ReadonlyArray<Record<string, unknown>> | undefined, 'slug'),
      flag(q['active'], (e) => e.active),
      flag(q['closed'], (e) => e.closed),
      flag(q['archived'], (e) => e.archived),
    ]),
  /** catalog GET /comments */
  comments: (rows: readonly Comment[], q: Asked): Comment[] =>
    keepMatching(rows, [equals(q['parent_entity_type'], (c) => c.parentEntityType), equals(q['parent_entity_id'], (c) => c.parentEntityID)]),
  /** catalog GET /comments/user_address/{a} */
  commentsByUser: (rows: readonly Comment[], address: string): Comment[] => keepMatching(rows, [equals(address, (c) => c.userAddress)]),
  /** data GET /trades */
  trades: (rows: readonly Trade[], q: Asked): Trade[] =>
    keepMatching(rows, [oneOf(q['market'], (t) => t.conditionId), equals(q['user'], (t) => t.proxyWallet), equals(q['side'], (t) => t.side)]),
  /** data GET /positions */
  positions: (rows: readonly Position[], q: Asked): Position[] => keepMatching(rows, [equals(q['user'], (p) => p.proxyWallet), oneOf(q['market'], (p) => p.conditionId)]),
  /** data GET /holders: a group's token in the data surface's form names its market (a uint256 id cannot say). */
  holders: (rows: readonly HolderGroup[], q: Asked): HolderGroup[] =>
    keepMatching(rows, [oneOf(q['market'], (g) => (typeof g.token === 'string' ? parseDataTokenId(g.token)?.conditionId : undefined))]),
  /** data GET /v1/leaderboard */
  leaderboard: (rows: readonly LeaderboardEntry[], q: Asked): LeaderboardEntry[] => keepMatching(rows, [equals(q['user'], (e) => e.proxyWallet)]),
  /** trading POST /last-trades-prices */
  lastTrades: (rows: readonly LastTradePrice[], tokenIds: readonly string[]): LastTradePrice[] => keepMatching(rows, [oneOf(tokenIds, (r) => r.token_id)]),
  /** An event's markets against the event's own `markets[]` (ids or condition ids), where it lists them. */
  members: (rows: readonly CatalogMarket[], listed: ReadonlyArray<{ id?: unknown; conditionId?: unknown }> | undefined): CatalogMarket[] => {
    if (!listed?.length) return keepMatching(rows, []);
    const ids = new Set(listed.flatMap((m) => (m.id !== undefined && m.id !== null ? [norm(m.id)] : [])));
    const cids = new Set(listed.flatMap((m) => (typeof m.conditionId === 'string' ? [norm(m.conditionId)] : [])));
    return keepMatching(rows, [(m) => ids.has(norm(m.id)) || cids.has(norm(m.conditionId))]);
  },
};
