// In-memory views of the catalog rows that every data-surface answer joins against (titles,
// slugs, outcomes, status). Rebuilt lazily after `catalogChanged`, e.g. when a market resolves.
import type { Db } from './db/open.js';
import { ledgerVersion } from './ledger.js';

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
const markCache = new WeakMap<Db, Cached<Map<string, number>>>();
const lastCache = new WeakMap<Db, Cached<Map<string, number>>>();

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

/** The last trade price (micro) of every outcome that has traded, keyed `condition:outcome`. */
export function lastTradePrices(db: Db): Map<string, number> {
  const v = ledgerVersion(db);
  const hit = lastCache.get(db);
  if (hit && hit.version === v) return hit.value;
  const last = new Map<string, number>();
  for (const r of db.prepare('SELECT condition_id, outcome_index, price FROM last_trades').all() as Array<{ condition_id: string; outcome_index: number; price: number }>) {
    last.set(`${r.condition_id}:${r.outcome_index}`, r.price);
  }
  lastCache.set(db, { version: v, value: last });
  return last;
}

/** Mark price of every outcome in micro units: 1 or 0 once resolved, else the last trade,
 *  else the complement of the other outcome's last trade, else an even split. */
export function markPrices(db: Db): Map<string, number> {
  const v = `${ledgerVersion(db)}:${catalogVersion(db)}`;
  const hit = markCache.get(db);
  if (hit && hit.version === v) return hit.value;
  const last = lastTradePrices(db);
  const marks = new Map<string, number>();
  for (const m of marketsByCondition(db).values()) {
    const n = m.outcomes.length;
    for (let i = 0; i < n; i++) {
      const key = `${m.conditionId}:${i}`;
      let price: number;
      // Resolved, or archived after resolving: the winner is worth 1.
      if ((m.status === 'resolved' || m.status === 'archived') && m.winnerIndex !== null) price = i === m.winnerIndex ? 1_000_000 : 0;
      else {
        const own = last.get(key);
        const other = n === 2 ? last.get(`${m.conditionId}:${1 - i}`) : undefined;
        price = own ?? (other !== undefined ? 1_000_000 - other : Math.round(1_000_000 / n));
      }
      marks.set(key, price);
    }
  }
  markCache.set(db, { version: v, value: marks });
  return marks;
}
