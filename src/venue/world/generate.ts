// Generates a believable, deterministic world into an empty venue database: same seed, anchor
// and size give byte-identical tables. Plans everything in memory, bulk-inserts with prepared
// statements inside transactions, then derives positions from the fills once. The world ends
// with resting orders: every market accepting orders starts with a two-sided book (books.ts).
import { createHash } from 'node:crypto';
import type { Db } from '../db/open.js';
import { SCHEMA_SQL } from '../db/schema.js';
import { hashId } from '../ids.js';
import { rebuildDerived } from '../ledger.js';
import { notional } from '../money.js';
import { DEFAULT_SETTINGS } from '../settings.js';
import { planBooks, type OrderSigning } from './books.js';
import { creatorAddress, planCatalog, SITES, type Counts, type MarketStatus } from './catalog.js';
import { Rng } from './random.js';
import { planComments } from './talk.js';
import { Names } from './text.js';
import { planWallets, simulateTrading } from './trading.js';

export type WorldSize = 'small' | 'default' | 'large';

export interface WorldOptions {
  size: WorldSize;
  seed: number;
  /** Epoch ms: the "now" of the world. Every fill and comment is before it. */
  anchor: number;
  /** How the makers' resting orders are signed and owned; by default the venue's default
   *  domain and API keys derived from the seed (the venue passes its own). */
  signing?: OrderSigning;
  /** Start markets accepting orders with their makers' resting quotes (default true). Tests of
   *  the matching engine turn it off for books they alone fill. */
  books?: boolean;
}

export const WORLD_TABLES = [
  'meta', 'creators', 'wallets', 'tags', 'series', 'events', 'event_tags', 'markets', 'market_tags', 'tokens',
  'fills', 'positions', 'last_trades', 'market_stats', 'comments', 'comment_reactions', 'orders', 'api_keys', 'balances',
] as const;
export type WorldTable = (typeof WORLD_TABLES)[number];
/** Row count of every table after generation. */
export type WorldSummary = Record<WorldTable, number>;

interface SizeSpec extends Counts {
  wallets: number;
  matches: number;
  comments: number;
}

/** A match writes two fills. `large` is ten times `default` in every count (benchmarks). */
export const SIZES: Record<WorldSize, SizeSpec> = {
  small: { series: 3, events: 20, markets: 60, tags: 20, wallets: 40, matches: 750, comments: 200 },
  default: { series: 60, events: 400, markets: 1_500, tags: 80, wallets: 400, matches: 56_000, comments: 20_000 },
  large: { series: 600, events: 4_000, markets: 15_000, tags: 800, wallets: 4_000, matches: 560_000, comments: 200_000 },
};

/** Matches per transaction: keeps the WAL bounded for `large`; `default` fits in one. */
const BATCH = 200_000;

const isLive = (s: MarketStatus): boolean => s === 'active' || s === 'paused';
const isClosed = (s: MarketStatus): boolean => !isLive(s);
const flag = (b: boolean): number => (b ? 1 : 0);

export function generateWorld(db: Db, opts: WorldOptions): WorldSummary {
  const { seed, anchor } = opts;
  const spec = SIZES[opts.size];
  if (!spec) throw new RangeError(`unknown world size ${String(opts.size)}`);
  if ((db.prepare('SELECT COUNT(*) AS n FROM markets').get() as { n: number }).n > 0) throw new Error('generateWorld: the database already holds a world');

  const root = new Rng(seed, 'kairos-world');
  const names = new Names(root.fork('names'));
  const catalog = planCatalog(root.fork('catalog'), names, spec, anchor, seed);
  const wallets = planWallets(root.fork('wallets'), names, spec.wallets, anchor, seed);
  const tradingRng = root.fork('trading');
  const txRng = root.fork('tx');
  const talkRng = root.fork('talk');

  // Bulk loads are much faster into bare tables: drop the secondary indexes of the big tables
  // now, and let the schema recreate them (sorted, in one pass) at the end.
  const bulkIndexes = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN ('fills', 'positions', 'comments', 'comment_reactions') ORDER BY name")
    .all() as Array<{ name: string }>;
  for (const { name } of bulkIndexes) db.exec(`DROP INDEX "${name}"`);

  let books: ReturnType<typeof planBooks>;
  db.exec('BEGIN');
  try {
    const insertFill = db.prepare(
      `INSERT INTO fills (id, match_id, ts, wallet, condition_id, outcome_index, side, role, price, size, usdc, fee, tx_hash)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    let fillId = 0;
    let matchId = 0;
    const trading = simulateTrading(tradingRng, catalog.markets, wallets, spec.matches, anchor, (m, ts, taker, maker) => {
      matchId++;
      const tx = `0x${txRng.hex(32)}`;
      for (const f of [taker, maker]) {
        const w = wallets[f.wallet]?.address ?? '';
        insertFill.run(++fillId, matchId, ts, w, m.conditionId, f.outcome, f.side, f.role, f.price, f.size, notional(f.size, f.price), f.fee, tx);
      }
      if (matchId % BATCH === 0) db.exec('COMMIT; BEGIN');
    }, root.fork('closing'));
    // After trading: it settles each event's tick size.
    insertCatalog(db, catalog, wallets);
    // Its orders are signed on a second thread meanwhile, and written at the end.
    books = planBooks(db, root.fork('books'), opts.books === false ? [] : catalog.markets, wallets.length, trading.centres, seed, anchor, opts.signing ?? defaultSigning(seed));

    const insertComment = db.prepare(
      `INSERT INTO comments (id, body, parent_entity_type, parent_entity_id, parent_comment_id, user_address, reply_address, created_at, updated_at, report_count)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertReaction = db.prepare('INSERT INTO comment_reactions (id, comment_id, user_address, reaction_type, created_at) VALUES (?, ?, ?, ?, ?)');
    let reactionId = 0;
    const addr = (i: number | null): string | null => (i === null ? null : (wallets[i]?.address ?? null));
    planComments(talkRng, catalog, wallets, trading, spec.comments, anchor, (c, reactions) => {
      insertComment.run(c.id, c.body, c.parentType, c.parentId, c.parentCommentId, addr(c.user), addr(c.replyTo), c.createdAt, c.updatedAt, c.reportCount);
      for (const r of reactions) insertReaction.run(++reactionId, r.commentId, addr(r.user), r.type, r.createdAt);
    });
    db.exec('COMMIT');
  } catch (err) {
    if (db.inTransaction) db.exec('ROLLBACK');
    db.exec(SCHEMA_SQL);
    throw err;
  }

  rebuildDerived(db);
  db.exec(SCHEMA_SQL);
  books.write();
  // `seed` goes in last: a world is complete once it has one (see server.ts prepareWorld).
  db.transaction(() => {
    const setMeta = db.prepare('INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
    setMeta.run('size', opts.size);
    setMeta.run('anchor', String(anchor));
    setMeta.run('generated_at', String(anchor));
    setMeta.run('seed', String(seed));
  })();

  return Object.fromEntries(WORLD_TABLES.map((t) => [t, (db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n])) as WorldSummary;
}

function insertCatalog(db: Db, catalog: ReturnType<typeof planCatalog>, wallets: ReturnType<typeof planWallets>): void {
  const creator = db.prepare('INSERT INTO creators (address, site) VALUES (?, ?)');
  for (const site of SITES) creator.run(creatorAddress(site), site);

  const wallet = db.prepare(
    'INSERT INTO wallets (address, name, pseudonym, bio, profile_image, x_username, verified, display_public, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  for (const w of wallets) wallet.run(w.address, w.name, w.pseudonym, w.bio, w.image, w.xUsername, flag(w.verified), flag(w.displayPublic), w.createdAt);

  const tag = db.prepare('INSERT INTO tags (id, label, slug, category, requires_translation, created_at, updated_at) VALUES (?, ?, ?, ?, 0, ?, ?)');
  for (const t of catalog.tags) tag.run(t.id, t.label, t.slug, t.category, t.createdAt, t.createdAt);

  const series = db.prepare(
    `INSERT INTO series (id, ticker, slug, title, series_type, recurrence, image, icon, active, closed, archived, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'single', ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const s of catalog.series) {
    const image = `https://img.kairos.local/series/${s.slug}.png`;
    const statuses = s.events.flatMap((e) => e.markets.map((m) => m.status));
    series.run(s.id, s.slug, s.slug, s.title, s.recurrence, image, image, flag(statuses.some(isLive)), flag(statuses.every(isClosed)), flag(statuses.every((x) => x === 'archived')), s.createdAt, s.updatedAt);
  }

  const event = db.prepare(
    `INSERT INTO events (id, ticker, slug, title, description, resolution_source, image, icon, start_date, end_date, creation_date, created_at, updated_at,
       active, closed, archived, neg_risk, neg_risk_market_id, series_id, category)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const eventTag = db.prepare('INSERT INTO event_tags (event_id, tag_id) VALUES (?, ?)');
  const market = db.prepare(
    `INSERT INTO markets (id, condition_id, question_id, question, slug, description, resolution_source, image, icon, start_date, end_date, created_at, updated_at,
       event_id, status, outcomes, winner_index, creator, mirror_condition_id, mirror_token_ids, neg_risk, neg_risk_request_id, tick_size, min_size,
       maker_base_fee, taker_base_fee, fee_rate, fee_exponent, fee_taker_only, rewards_daily_rate, rewards_min_size, rewards_max_spread, rfq_enabled,
       taker_delay, seconds_delay, screening, min_order_age, game_start_time, accepting_orders_since, category)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const marketTag = db.prepare('INSERT INTO market_tags (market_id, tag_id) VALUES (?, ?)');
  const token = db.prepare('INSERT INTO tokens (token_id, condition_id, outcome_index, outcome) VALUES (?, ?, ?, ?)');
  for (const e of catalog.events) {
    const image = `https://img.kairos.local/events/${e.slug}.png`;
    const statuses = e.markets.map((m) => m.status);
    const negRisk = e.negRiskMarketId !== '';
    event.run(
      e.id, e.slug, e.slug, e.text.title, e.text.description, e.text.resolutionSource, image, image, e.start, e.end, e.createdAt, e.createdAt, e.updatedAt,
      flag(statuses.some(isLive)), flag(statuses.every(isClosed)), flag(statuses.every((s) => s === 'archived')), flag(negRisk), e.negRiskMarketId, e.series?.id ?? null, e.kind.category,
    );
    for (const t of e.tags) eventTag.run(e.id, t);
    for (const m of e.markets) {
      const winner = m.status === 'resolved' || m.status === 'archived' ? m.outcome : null;
      market.run(
        m.id, m.conditionId, m.questionId, m.text.question, m.slug, m.text.description, e.text.resolutionSource, m.image, m.image, m.start, m.end, m.createdAt, m.updatedAt,
        e.id, m.status, JSON.stringify(m.text.outcomes), winner, creatorAddress(e.site), m.mirrorConditionId, m.mirrorTokenIds, flag(negRisk), negRisk ? m.questionId : '',
        m.tick, m.minSize, m.makerFee, m.takerFee, m.feeRate, m.feeExponent, m.rewards.rate, m.rewards.minSize, m.rewards.maxSpread, flag(m.rfq),
        flag(m.takerDelay > 0), m.takerDelay, flag(m.screening), m.minOrderAge, m.gameStart, m.start, e.kind.category,
      );
      for (const t of e.tags) marketTag.run(m.id, t);
      m.tokenIds.forEach((id, i) => token.run(id, m.conditionId, i, m.text.outcomes[i] ?? ''));
    }
  }
}

/** Signing for a world made outside a venue: the default domain, keys derived from the seed. */
function defaultSigning(seed: number): OrderSigning {
  const s = DEFAULT_SETTINGS;
  return {
    domain: (negRisk) => ({ name: s.exchangeName, chainId: s.chainId, verifyingContract: negRisk ? s.negRiskExchangeAddress : s.exchangeAddress }),
    credentials: (address) => {
      const h = hashId(`kairos-world:${seed}:api-key:${address}`).slice(2);
      return {
        apiKey: `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`,
        passphraseHash: createHash('sha256').update(h).digest('hex'),
      };
    },
  };
}
