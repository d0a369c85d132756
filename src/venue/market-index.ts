// In-memory views of the catalog rows that every data-surface answer joins against (titles,
// slugs, outcomes, status). Rebuilt lazily after `catalogChanged`, e.g. when a market resolves.
import type { Db } from './db/open.js';
import { prepared } from './db/prepared.js';
import { ledgerVersion } from './ledger.js';
import { MICRO } from './money.js';

export type MarketStatus = 'active' | 'paused' | 'closed' | 'resolved' | 'archived';

export interface MarketInfo {
  id: number;
  conditionId: string;
  question: string;
  slug: string;
  icon: string;
  image: string;
  eventId: number;
  eventSlug: string;
  outcomes: string[];
  tokenIds: string[];
  status: MarketStatus;
  winnerIndex: number | null;
  negRisk: boolean;
  endDate: number;
  category: string | null;
  creator: string;
}

export interface WalletInfo {
  address: string;
  name: string;
  pseudonym: string;
  bio: string;
  profileImage: string;
  xUsername: string | null;
  verified: boolean;
  displayPublic: boolean;
}

interface Cached<T> {
  version: number | string;
  value: T;
}

const catalogVersions = new WeakMap<Db, number>();
const marketCache = new WeakMap<Db, Cached<Map<string, MarketInfo>>>();
const walletCache = new WeakMap<Db, Cached<Map<string, WalletInfo>>>();

/** Call after any write to markets, events, wallets or tokens. */
export function catalogChanged(db: Db): void {
  catalogVersions.set(db, (catalogVersions.get(db) ?? 0) + 1);
}

export function catalogVersion(db: Db): number {
  return catalogVersions.get(db) ?? 0;
}

export function marketsByCondition(db: Db): Map<string, MarketInfo> {
  const v = catalogVersion(db);
  const hit = marketCache.get(db);
  if (hit && hit.version === v) return hit.value;
  const rows = db
    .prepare(
      `SELECT m.id, m.condition_id, m.question, m.slug, m.icon, m.image, m.event_id, e.slug AS event_slug, m.outcomes,
              m.status, m.winner_index, m.neg_risk, m.end_date, m.category, m.creator,
              (SELECT json_group_array(token_id) FROM (SELECT token_id FROM tokens t WHERE t.condition_id = m.condition_id ORDER BY outcome_index)) AS token_ids
       FROM markets m JOIN events e ON e.id = m.event_id`,
    )
    .all() as Array<{
    id: number; condition_id: string; question: string; slug: string; icon: string; image: string; event_id: number; event_slug: string;
    outcomes: string; status: MarketStatus; winner_index: number | null; neg_risk: number; end_date: number; category: string | null; creator: string; token_ids: string;
  }>;
  const map = new Map<string, MarketInfo>();
  for (const r of rows) {
    map.set(r.condition_id, {
      id: r.id,
      conditionId: r.condition_id,
      question: r.question,
      slug: r.slug,
      icon: r.icon,
      image: r.image,
      eventId: r.event_id,
      eventSlug: r.event_slug,
      outcomes: JSON.parse(r.outcomes) as string[],
      tokenIds: JSON.parse(r.token_ids) as string[],
      status: r.status,
      winnerIndex: r.winner_index,
      negRisk: r.neg_risk === 1,
      endDate: r.end_date,
      category: r.category,
      creator: r.creator,
    });
  }
  marketCache.set(db, { version: v, value: map });
  return map;
}

const keyCache = new WeakMap<Db, Cached<Map<string, string[]>>>();

/**
 * The markets a read names, by what it names them with: a condition id, a token id, a market's
 * slug or its event's slug (all of the event's markets). Kept until the catalog changes.
 */
export function marketsNamedBy(db: Db): Map<string, string[]> {
  const v = catalogVersion(db);
  const hit = keyCache.get(db);
  if (hit && hit.version === v) return hit.value;
  const map = new Map<string, string[]>();
  const add = (key: string, conditionId: string): void => {
    const list = map.get(key);
    if (!list) map.set(key, [conditionId]);
    else if (!list.includes(conditionId)) list.push(conditionId);
  };
  for (const m of marketsByCondition(db).values()) {
    add(m.conditionId, m.conditionId);
    for (const t of m.tokenIds) add(t, m.conditionId);
    add(m.slug, m.conditionId);
    add(`event:${m.eventSlug}`, m.conditionId);
  }
  keyCache.set(db, { version: v, value: map });
  return map;
}

export function walletsByAddress(db: Db): Map<string, WalletInfo> {
  const v = catalogVersion(db);
  const hit = walletCache.get(db);
  if (hit && hit.version === v) return hit.value;
  const rows = db.prepare('SELECT address, name, pseudonym, bio, profile_image, x_username, verified, display_public FROM wallets').all() as Array<{
    address: string; name: string; pseudonym: string; bio: string; profile_image: string; x_username: string | null; verified: number; display_public: number;
  }>;
  const map = new Map<string, WalletInfo>();
  for (const r of rows) {
    map.set(r.address, {
      address: r.address,
      name: r.name,
      pseudonym: r.pseudonym,
      bio: r.bio,
      profileImage: r.profile_image,
      xUsername: r.x_username,
      verified: r.verified === 1,
      displayPublic: r.display_public === 1,
    });
  }
  walletCache.set(db, { version: v, value: map });
  return map;
}

/** A wallet the venue has no profile for (a new paper-trading account) still gets a row. */
export function walletOrBlank(db: Db, address: string): WalletInfo {
  return (
    walletsByAddress(db).get(address) ?? {
      address, name: '', pseudonym: '', bio: '', profileImage: '', xUsername: null, verified: false, displayPublic: false,
    }
  );
}

// ---------------------------------------------------------------- what trades move

/**
 * The ledger-derived figures every listing shows, kept current by folding in only the markets
 * whose fills are new since the last read (a price move touches one market, not the world):
 * each outcome's last trade, its mark, each market's total volume and its last-24h volume.
 */
interface LedgerView {
  /** Which load this is: a reload starts the stamps afresh. */
  generation: number;
  ledger: number;
  catalog: number;
  /** Highest fill id folded in. */
  watermark: number;
  last: Map<string, number>;
  marks: Map<string, number>;
  volumes: Map<string, number>;
  /** Per market, the id of its newest fill since the view was loaded. */
  stamps: Map<string, number>;
  /** Per wallet, the same: a wallet's positions change only with its own fills. */
  walletStamps: Map<string, number>;
  day: Map<string, DayVolume>;
}

/** A market's volume over the 24 h before `at`, good until its oldest fill in it leaves the window. */
interface DayVolume {
  at: number;
  until: number;
  micro: number;
  stamp: number;
}

const DAY_MS = 86_400_000;
const ledgerViews = new WeakMap<Db, LedgerView>();
let loads = 0;

function ledgerView(db: Db): LedgerView {
  const version = ledgerVersion(db);
  let view = ledgerViews.get(db);
  if (!view || (view.ledger !== version && !advance(db, view, version))) {
    view = loadLedgerView(db, version);
    ledgerViews.set(db, view);
  }
  if (view.catalog !== catalogVersion(db)) {
    view.catalog = catalogVersion(db);
    view.marks.clear();
    for (const m of marketsByCondition(db).values()) setMarks(view, m);
  }
  return view;
}

function loadLedgerView(db: Db, version: number): LedgerView {
  const last = new Map<string, number>();
  for (const r of db.prepare('SELECT condition_id, outcome_index, price FROM last_trades').all() as Array<{ condition_id: string; outcome_index: number; price: number }>) {
    last.set(`${r.condition_id}:${r.outcome_index}`, r.price);
  }
  const volumes = new Map<string, number>();
  for (const r of db.prepare('SELECT condition_id, volume FROM market_stats').all() as Array<{ condition_id: string; volume: number }>) volumes.set(r.condition_id, r.volume);
  const watermark = (db.prepare('SELECT COALESCE(MAX(id), 0) FROM fills').pluck().get() as number);
  // catalog -1: the marks are computed on the way out.
  return { generation: ++loads, ledger: version, catalog: -1, watermark, last, marks: new Map(), volumes, stamps: new Map(), walletStamps: new Map(), day: new Map() };
}

/**
 * Folds in the markets that new fills touched, re-reading their derived rows. False when the
 * ledger changed without new fills (derived tables rebuilt): the caller reloads everything.
 */
function advance(db: Db, view: LedgerView, version: number): boolean {
  const rows = prepared(db, 'SELECT id, condition_id, wallet FROM fills WHERE id > ? ORDER BY id').raw().all(view.watermark) as Array<[number, string, string]>;
  if (rows.length === 0) return false;
  const touched = new Set<string>();
  for (const [id, c, wallet] of rows) {
    touched.add(c);
    view.stamps.set(c, id);
    view.walletStamps.set(wallet, id);
  }
  view.watermark = (rows[rows.length - 1] as [number, string, string])[0];
  const lastOf = prepared(db, 'SELECT outcome_index, price FROM last_trades WHERE condition_id = ?').raw();
  const volumeOf = prepared(db, 'SELECT volume FROM market_stats WHERE condition_id = ?').pluck();
  const markets = view.catalog === catalogVersion(db) ? marketsByCondition(db) : undefined;
  for (const c of touched) {
    for (const [i, price] of lastOf.all(c) as Array<[number, number]>) view.last.set(`${c}:${i}`, price);
    const volume = volumeOf.get(c) as number | undefined;
    if (volume === undefined) view.volumes.delete(c);
    else view.volumes.set(c, volume);
    const m = markets?.get(c);
    if (m) setMarks(view, m);
  }
  view.ledger = version;
  return true;
}

/** Mark price of each outcome of a market in micro units: 1 or 0 once resolved, else the last
 *  trade, else the complement of the other outcome's last trade, else an even split. */
function setMarks(view: LedgerView, m: MarketInfo): void {
  const n = m.outcomes.length;
  for (let i = 0; i < n; i++) {
    const key = `${m.conditionId}:${i}`;
    let price: number;
    // Resolved, or archived after resolving: the winner is worth 1.
    if ((m.status === 'resolved' || m.status === 'archived') && m.winnerIndex !== null) price = i === m.winnerIndex ? MICRO : 0;
    else {
      const own = view.last.get(key);
      const other = n === 2 ? view.last.get(`${m.conditionId}:${1 - i}`) : undefined;
      price = own ?? (other !== undefined ? MICRO - other : Math.round(MICRO / n));
    }
    view.marks.set(key, price);
  }
}

/** The last trade price (micro) of every outcome that has traded, keyed `condition:outcome`.
 *  The map is kept up to date in place: read it, do not keep it. */
export function lastTradePrices(db: Db): Map<string, number> {
  return ledgerView(db).last;
}

/** Mark price (micro) of every outcome, keyed `condition:outcome` (see setMarks); kept up to
 *  date in place like lastTradePrices. */
export function markPrices(db: Db): Map<string, number> {
  return ledgerView(db).marks;
}

/** A market's total traded volume (micro cash), as market_stats holds it. */
export function marketVolume(db: Db, conditionId: string): number {
  return ledgerView(db).volumes.get(conditionId) ?? 0;
}

/**
 * Changes whenever a fill lands in one of these markets (any market when none are named):
 * what an answer derived from their positions and trades can be kept against.
 */
export function ledgerStamp(db: Db, conditionIds?: readonly string[]): string {
  const view = ledgerView(db);
  if (!conditionIds) return `${view.generation}/${view.ledger}`;
  let newest = 0;
  for (const c of conditionIds) newest = Math.max(newest, view.stamps.get(c) ?? 0);
  return `${view.generation}:${newest}`;
}

/** Changes whenever a fill of this wallet lands: what its positions can be kept against. */
export function walletStamp(db: Db, wallet: string): string {
  const view = ledgerView(db);
  return `${view.generation}:${view.walletStamps.get(wallet) ?? 0}`;
}

/**
 * Taker volume (micro cash) of each market over the 24 h before `now`, for listings. A market's
 * figure is summed once and reused until a new fill of its lands or its oldest fill in the
 * window leaves it, so it is exact at every `now` without a scan per read.
 */
export function dayVolumes(db: Db, conditionIds: readonly string[], now: number): Map<string, number> {
  const view = ledgerView(db);
  const out = new Map<string, number>();
  const stale: string[] = [];
  for (const c of conditionIds) {
    const d = view.day.get(c);
    if (d && d.stamp === (view.stamps.get(c) ?? 0) && d.at <= now && now < d.until) out.set(c, d.micro);
    else stale.push(c);
  }
  if (stale.length === 0) return out;
  const unique = [...new Set(stale)];
  const sums = new Map<string, { v: number; first: number }>();
  for (const r of db
    .prepare(`SELECT condition_id, SUM(usdc) AS v, MIN(ts) AS first FROM fills WHERE role = 'T' AND ts > ? AND condition_id IN (${unique.map(() => '?').join(',')}) GROUP BY condition_id`)
    .all(now - DAY_MS, ...unique) as Array<{ condition_id: string; v: number; first: number }>) {
    sums.set(r.condition_id, r);
  }
  for (const c of unique) {
    const s = sums.get(c);
    const d: DayVolume = { at: now, until: s ? s.first + DAY_MS : Number.POSITIVE_INFINITY, micro: s?.v ?? 0, stamp: view.stamps.get(c) ?? 0 };
    view.day.set(c, d);
    out.set(c, d.micro);
  }
  return out;
}
