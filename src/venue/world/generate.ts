// Generates a believable, deterministic world into an empty venue database: same seed, anchor
// and size give byte-identical tables. Plans everything in memory and derives positions from the
// fills as they are made; a second thread writes the fills, the catalog, the positions and the
// talk and builds their indexes meanwhile (bulk-writer.ts), this one the books, `seed` last.
// The world ends with resting orders: every market accepting orders starts with a two-sided
// book (books.ts).
import { createHash } from 'node:crypto';
import type { Db } from '../db/open.js';
import { SCHEMA_SQL } from '../db/schema.js';
import { hashId } from '../ids.js';
import { insertRows, type TableRows } from '../db/insert-many.js';
import { DerivedLedger } from '../ledger.js';
import { notional } from '../money.js';
import { DEFAULT_SETTINGS } from '../settings.js';
import { planBooks, type OrderSigning } from './books.js';
import { startWorldWriter, type WorldWriter } from './bulk-writer.js';
import { catalogRows } from './catalog-rows.js';
import { planCatalog, type Counts } from './catalog.js';
import { Rng } from './random.js';
import type { ProgressTracker } from './progress.js';
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
  /** Write the bulk of the world from a second thread (default true); off, all on this one, as
   *  where no thread can start. */
  threads?: boolean;
  /** Told how far generation has come (progress.ts). */
  progress?: ProgressTracker;
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

const COMMENT_COLUMNS = ['id', 'body', 'parent_entity_type', 'parent_entity_id', 'parent_comment_id', 'user_address', 'reply_address', 'created_at', 'updated_at', 'report_count'];
const REACTION_COLUMNS = ['id', 'comment_id', 'user_address', 'reaction_type', 'created_at'];

/** Matches per transaction: keeps the WAL bounded for `large`; `default` fits in one. */
const BATCH = 200_000;
/** The page cache (KiB) while generating: it writes mostly in order, so a small one costs no time,
 *  and what a thread's cache took stays with the process after the thread is gone (64 MiB of it
 *  did, ~20 MiB at 8 MiB). */
const GENERATION_CACHE = -2048;

export function generateWorld(db: Db, opts: WorldOptions): WorldSummary {
  const { seed, anchor } = opts;
  const spec = SIZES[opts.size];
  if (!spec) throw new RangeError(`unknown world size ${String(opts.size)}`);
  if ((db.prepare('SELECT COUNT(*) AS n FROM markets').get() as { n: number }).n > 0) throw new Error('generateWorld: the database already holds a world');

  // Bulk loads are much faster into bare tables: drop the secondary indexes of the big tables
  // now, and build them (sorted, in one pass) once their rows are in.
  const bulkIndexes = db
    .prepare("SELECT name, tbl_name AS tbl, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN ('fills', 'positions', 'comments', 'comment_reactions') ORDER BY name")
    .all() as Array<{ name: string; tbl: string; sql: string }>;
  for (const { name } of bulkIndexes) db.exec(`DROP INDEX "${name}"`);
  // Checkpoints wait until the world is done: the venue's checkpointer copies the log once
  // instead of every commit here copying what came before it.
  const autoCheckpoint = db.pragma('wal_autocheckpoint', { simple: true }) as number;
  const cacheSize = db.pragma('cache_size', { simple: true }) as number;
  db.pragma('wal_autocheckpoint = 0');
  db.pragma(`cache_size = ${GENERATION_CACHE}`);
  const thread = startWorldWriter(db, { commitEvery: 2 * BATCH, cacheSize: GENERATION_CACHE, thread: opts.threads ?? true });
  let writer: WorldWriter | undefined;
  const counts = new Map<string, number>();
  const count = (rows: TableRows): TableRows => {
    counts.set(rows.table, (counts.get(rows.table) ?? 0) + rows.values.length / rows.columns.length);
    return rows;
  };
  const progress = opts.progress;
  try {
    progress?.phase('catalog');
    const root = new Rng(seed, 'kairos-world');
    const names = new Names(root.fork('names'));
    const catalog = planCatalog(root.fork('catalog'), names, spec, anchor, seed);
    const wallets = planWallets(root.fork('wallets'), names, spec.wallets, anchor, seed);
    const tradingRng = root.fork('trading');
    const txRng = root.fork('tx');
    const talkRng = root.fork('talk');

    // The fills go to the writer as they are made; positions, last trades and market totals
    // are folded from them here.
    const marketIndex = new Map(catalog.markets.map((m, i) => [m, i]));
    writer = thread.writer({ wallets: wallets.map((w) => w.address), markets: catalog.markets.map((m) => m.conditionId) });
    const out = writer;
    const derived = new DerivedLedger();
    let fillId = 0;
    let matchId = 0;
    progress?.phase('trades', spec.matches);
    const trading = simulateTrading(tradingRng, catalog.markets, wallets, spec.matches, anchor, (m, ts, taker, maker) => {
      matchId++;
      progress?.step(matchId);
      out.match(`0x${txRng.hex(32)}`);
      const market = marketIndex.get(m) ?? -1;
      for (const f of [taker, maker]) {
        const usdc = notional(f.size, f.price);
        fillId++;
        out.fill(fillId, matchId, ts, f.wallet, market, f.outcome, f.side, f.role, f.price, f.size, usdc, f.fee);
        derived.add(fillId, ts, wallets[f.wallet]?.address ?? '', m.conditionId, f.outcome, f.side, f.role, f.price, f.size, usdc, f.fee);
      }
    }, root.fork('closing'));
    // After trading, which settles each event's tick size: the catalog, then what the fills
    // derive, then the indexes of all of it.
    counts.set('fills', fillId);
    // The derived tables take three times the catalog's time.
    progress?.phase('positions', 4);
    for (const rows of catalogRows(catalog, wallets)) out.rows(count(rows));
    progress?.step(1);
    for (const rows of derived.rows()) out.rows(count(rows));
    progress?.step(4);
    const isTalk = (i: { tbl: string }): boolean => i.tbl === 'comments' || i.tbl === 'comment_reactions';
    out.index(bulkIndexes.filter((i) => !isTalk(i)).map((i) => i.sql));
    // The books' orders are signed on another thread from now on.
    progress?.phase('books');
    const books = planBooks(root.fork('books'), opts.books === false ? [] : catalog.markets, wallets.length, trading.centres, seed, anchor, opts.signing ?? defaultSigning(seed));
    const addr = (i: number | null): string | null => (i === null ? null : (wallets[i]?.address ?? null));
    const comments: TableRows = { table: 'comments', columns: COMMENT_COLUMNS, values: [] };
    const reactions: TableRows = { table: 'comment_reactions', columns: REACTION_COLUMNS, values: [] };
    let reactionId = 0;
    progress?.phase('comments', spec.comments);
    planComments(talkRng, catalog, wallets, trading, spec.comments, anchor, (c, rs) => {
      comments.values.push(c.id, c.body, c.parentType, c.parentId, c.parentCommentId, addr(c.user), addr(c.replyTo), c.createdAt, c.updatedAt, c.reportCount);
      for (const r of rs) reactions.values.push(++reactionId, r.commentId, addr(r.user), r.type, r.createdAt);
      progress?.step(comments.values.length / COMMENT_COLUMNS.length);
    });
    // The talk is written by the writer too, while this thread gathers the books' signatures.
    out.rows(count(comments));
    out.rows(count(reactions));
    out.end(bulkIndexes.filter(isTalk).map((i) => i.sql));
    progress?.phase('orders', books.orderCount);
    const orders = books.orderRows((signed) => progress?.step(signed));
    progress?.phase('writing', out.steps);
    out.wait((done) => progress?.step(done));

    // The rest in one transaction, `seed` last: a world is complete once it has one (see
    // server.ts prepareWorld).
    progress?.phase('saving', 4);
    db.exec('BEGIN');
    for (const rows of books.keyRows()) insertRows(db, count(rows));
    progress?.step(2);
    db.exec(SCHEMA_SQL);
    progress?.step(3);
    insertRows(db, count(orders));
    progress?.step(4);
    const setMeta = db.prepare('INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
    setMeta.run('size', opts.size);
    setMeta.run('anchor', String(anchor));
    setMeta.run('generated_at', String(anchor));
    setMeta.run('seed', String(seed));
    db.exec('COMMIT');
    progress?.finish();
  } catch (err) {
    if (writer) writer.abort();
    else thread.stop();
    if (db.inTransaction) db.exec('ROLLBACK');
    db.exec(SCHEMA_SQL);
    throw err;
  } finally {
    db.pragma(`wal_autocheckpoint = ${autoCheckpoint}`);
    db.pragma(`cache_size = ${cacheSize}`);
  }

  counts.set('meta', (db.prepare('SELECT COUNT(*) AS n FROM meta').get() as { n: number }).n);
  return Object.fromEntries(WORLD_TABLES.map((t) => [t, counts.get(t) ?? 0])) as WorldSummary;
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
