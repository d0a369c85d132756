// The app's local SQLite cache, one file per profile: last good responses, the synced catalog
// with its full-text index. All of it can be fetched again: a reset deletes it.
import Database from 'better-sqlite3';
import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { privateDbFile, privateDir } from '../../../native/private-files.js';
import { CatalogStore, type CachedEvent, type CachedMarket, type CatalogKind, type CommentParent, type SearchKind } from './catalog.js';
import { MIGRATIONS, migrateCache } from './migrations.js';
import { eventById, eventMarkets, fillEventSums, listEvents, listSeries, listTags, type EventListQuery, type EventMarketRow, type ListedEvent, type ListedSeries, type ListedTag, type Page, type SeriesListQuery, type TagListQuery } from './events.js';
import { seriesEventCounts, withDetails, type HitDetails } from './hits.js';
import { catalogSeenAt, listMarkets, marketWhere, noteLastPrices, type MarketListPage, type MarketListQuery } from './list.js';
import { PeopleIndex } from './people.js';
import { ResponseStore, responseKey, type CacheEntry, type CachedOptions, type CachedResult, type QueryValue, type Surface } from './responses.js';
import { SearchIndex, type KindFilter, type SearchHit, type SearchOptions } from './search.js';
import { CatalogSync, type FetchPage, type KindResult, type SyncOptions } from './sync.js';

export { privateDbFile, privateDir } from '../../../native/private-files.js';
export { CATALOG_KINDS, SEARCH_KINDS } from './catalog.js';
export type { CachedEvent, CachedMarket, CatalogKind, CommentParent, CommentParentType, SearchKind, SyncedKind } from './catalog.js';
export { MIGRATIONS, migrateCache } from './migrations.js';
export { isNetworkError, responseKey } from './responses.js';
export type { CacheEntry, CachedOptions, CachedResult, QueryValue, Surface } from './responses.js';
export { SNIPPET_CLOSE, SNIPPET_OPEN, toFtsQuery } from './search.js';
export type { SearchHit, SearchOptions } from './search.js';
export { MAX_PAGE_SIZE } from './sync.js';
export type { MarketListPage, MarketListQuery } from './list.js';
export { statusSql } from './events.js';
export type { EventListQuery, EventMarketRow, ListedEvent, ListedSeries, ListedTag, ListStatus, Page, RowStatus, SeriesListQuery, TagListQuery } from './events.js';
export type { HitDetails } from './hits.js';
export type { KindFilter } from './search.js';
export type { FetchPage, KindResult, PageRequest, SyncOptions, SyncProgress } from './sync.js';

/** Orders of the markets list kept at once. */
const LIST_ORDERS_KEPT = 8;

const PROFILE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export interface CacheOptions {
  /** Clock for `fetchedAt` and ages (epoch ms); default Date.now. */
  now?: () => number;
  /** Told when a damaged cache file was set aside and an empty one made in its place. */
  onSetAside?: (notice: CacheSetAside) => void;
}

/** A cache file that could not be used was renamed (with its -wal and -shm) and the cache rebuilt. */
export interface CacheSetAside {
  path: string;
  /** Where the damaged file now is. */
  aside: string;
  reason: string;
}

/** The cache file cannot be read as this build's cache: not SQLite, damaged, or from a newer build. */
export class CacheUnusable extends Error {
  override readonly name = 'CacheUnusable';
}

const DAMAGED_CODES = new Set(['SQLITE_NOTADB', 'SQLITE_CORRUPT', 'SQLITE_CORRUPT_VTAB', 'SQLITE_CORRUPT_SEQUENCE', 'SQLITE_CORRUPT_INDEX']);

/** A profile id, checked to be safe as part of a file name. */
export function checkProfileId(profileId: string): string {
  if (typeof profileId !== 'string' || !PROFILE_ID.test(profileId)) {
    throw new Error(`profile id must be 1-64 letters, digits, "-" or "_" (starting with a letter or digit), got ${JSON.stringify(profileId)}`);
  }
  return profileId;
}

/** File of a profile's cache inside `dir`. */
export function cacheFile(dir: string, profileId: string): string {
  return join(dir, `cache-${checkProfileId(profileId)}.sqlite`);
}

export class Cache {
  /** The open database, for diagnostics and tests; the methods below are the API. */
  readonly db: Database.Database;
  private readonly responses: ResponseStore;
  private readonly catalogStore: CatalogStore;
  private readonly syncer: CatalogSync;
  private readonly index: SearchIndex;
  private readonly people: PeopleIndex;

  constructor(
    readonly path: string,
    readonly profileId: string,
    opts: CacheOptions = {},
  ) {
    const now = opts.now ?? Date.now;
    privateDbFile(path);
    this.db = new Database(path);
    try {
      this.db.pragma('journal_mode = WAL');
      this.db.pragma('synchronous = NORMAL');
      this.db.pragma('busy_timeout = 5000');
      // better-sqlite3 builds SQLite with a 16 MiB page cache per connection: after a catalog
      // sync it held 13 MB of pages the OS keeps in its own cache anyway. 2 MiB holds the hot
      // indexes; a page read beyond them is a copy from the OS's cache.
      this.db.pragma('cache_size = -2048');
      const version = Number(this.db.pragma('user_version', { simple: true }));
      if (version > MIGRATIONS.length) throw new CacheUnusable(`cache file ${path} has schema version ${version}, newer than this build knows (${MIGRATIONS.length})`);
      migrateCache(this.db);
    } catch (err) {
      this.db.close();
      const code = (err as { code?: unknown }).code;
      const message = `cannot open the cache ${path}: ${(err as Error).message}`;
      const unusable = err instanceof CacheUnusable || (typeof code === 'string' && DAMAGED_CODES.has(code));
      throw unusable ? new CacheUnusable(message, { cause: err }) : new Error(message, { cause: err });
    }
    this.responses = new ResponseStore(this.db, now);
    this.catalogStore = new CatalogStore(this.db);
    this.syncer = new CatalogSync(this.db, this.catalogStore, now);
    this.index = new SearchIndex(this.db);
    this.people = new PeopleIndex(this.db, this.catalogStore, profileId);
    this.responses.onWrite((key) => this.people.noteWrite(key));
  }

  /** Key of a read of this profile: surface, path and normalised query. */
  key(surface: Surface, path: string, query?: Readonly<Record<string, QueryValue>>): string {
    return responseKey(this.profileId, surface, path, query);
  }

  read<T = unknown>(key: string): CacheEntry<T> | undefined {
    return this.responses.read<T>(key);
  }

  write(key: string, data: unknown, fetchedAt?: number): void {
    this.responses.write(key, data, fetchedAt);
  }

  /** The next read of `key` goes to the venue; the answer kept stays for offline use. */
  expire(key: string): void {
    this.responses.expire(key);
  }

  /**
   * Every read of `path` whose query holds all of `match` (in wire form) goes to the venue next,
   * whatever else its query says: e.g. one account's positions under every sort and filter.
   */
  expireReads(surface: Surface, path: string, match: Readonly<Record<string, string>>): number {
    const prefix = this.key(surface, path);
    return this.responses.expireWhere(`${prefix}?`, (key) => {
      const query = new URLSearchParams(key.slice(prefix.length + 1));
      return Object.entries(match).every(([name, value]) => query.get(name) === value);
    });
  }

  cached<T>(key: string, maxAgeMs: number, load: () => Promise<T>, opts?: CachedOptions<T>): Promise<CachedResult<T>> {
    return this.responses.cached(key, maxAgeMs, load, opts);
  }

  syncCatalog(fetchPage: FetchPage, opts?: SyncOptions): Promise<Partial<Record<CatalogKind, KindResult>>> {
    return this.syncer.catalog(fetchPage, opts);
  }

  syncComments(parent: CommentParent, fetchPage: FetchPage, opts?: Omit<SyncOptions, 'kinds'>): Promise<KindResult> {
    return this.syncer.comments(parent, fetchPage, opts);
  }

  /** Stores items of a catalog listing read elsewhere (a browse page, a single market). */
  ingest(kind: CatalogKind, items: readonly unknown[]): void {
    const pass = this.syncer.checkpoint(kind)?.pass ?? 1;
    this.catalogStore.ingest(kind, items, pass);
  }

  /** Hits for what the user typed; traders and comments the cache has kept answers naming are indexed first. */
  search(query: string, opts?: SearchOptions): SearchHit[] {
    const kinds = opts?.kinds;
    if (!kinds || kinds.includes('traders') || kinds.includes('comments')) this.people.harvest();
    return this.index.search(query, opts);
  }

  /** Each hit with what its row shows (price, volume, status, counts, a comment's parent). */
  hitDetails(hits: readonly SearchHit[]): Array<SearchHit & HitDetails> {
    // Summed again over every market after a catalog change: only for hits that show the sums.
    if (hits.some((h) => h.kind === 'events')) this.eventSums();
    return withDetails(this.db, hits, { tags: () => this.tagCounts(), series: () => this.seriesCounts() });
  }

  private tagCount: { version: number; counts: Map<string, number> } | undefined;
  private seriesCount: { version: number; counts: Map<string, number> } | undefined;

  /** How many events each series has, counted again only after the catalog changed. */
  private seriesCounts(): Map<string, number> {
    const version = this.catalogStore.version;
    if (this.seriesCount?.version !== version) this.seriesCount = { version, counts: seriesEventCounts(this.db) };
    return this.seriesCount.counts;
  }

  /** How many markets carry each tag, counted again only after the catalog changed. */
  private tagCounts(): Map<string, number> {
    const version = this.catalogStore.version;
    if (this.tagCount?.version !== version) {
      const rows = this.db.prepare('SELECT j.value AS id, COUNT(*) AS n FROM markets m, json_each(m.tag_ids) j GROUP BY j.value').all() as Array<{ id: string; n: number }>;
      this.tagCount = { version, counts: new Map(rows.map((r) => [r.id, r.n])) };
    }
    return this.tagCount.counts;
  }

  /** The markets list's filters, as a search filter on market hits. */
  marketFilter(q: Parameters<typeof marketWhere>[0]): KindFilter | undefined {
    const w = marketWhere(q);
    return w.sql ? { where: w.sql.replace(/^WHERE /, ''), args: w.args } : undefined;
  }

  /** One page of every synced event matching the filters, with the count of all that match. */
  listEvents(q: EventListQuery): Page<ListedEvent> {
    this.eventSums();
    return listEvents(this.db, q);
  }

  listSeries(q: SeriesListQuery): Page<ListedSeries> {
    return listSeries(this.db, q);
  }

  listTags(q: TagListQuery): Page<ListedTag> {
    return listTags(this.db, q);
  }

  /** A synced event as the listing shows it, with its description and series. */
  eventRow(id: string): ReturnType<typeof eventById> {
    this.eventSums();
    return eventById(this.db, id);
  }

  /** The id of the synced event with this slug. */
  eventIdBySlug(slug: string): string | undefined {
    return (this.db.prepare('SELECT id FROM events WHERE slug = ? LIMIT 1').pluck().get(slug) as string | undefined) ?? undefined;
  }

  /** The slug of a synced series. */
  seriesSlug(id: string): string | undefined {
    return (this.db.prepare('SELECT slug FROM series WHERE id = ?').pluck().get(id) as string | null | undefined) ?? undefined;
  }

  /** The synced markets of an event. */
  eventMarkets(id: string): EventMarketRow[] {
    return eventMarkets(this.db, id);
  }

  /** The catalog version the events' sums were last filled at. */
  private summed = -1;

  /** Events' sums follow their markets: filled again on the first read after a change. */
  private eventSums(): void {
    if (this.summed === this.catalogStore.version) return;
    fillEventSums(this.db);
    this.summed = this.catalogStore.version;
  }

  count(kind: SearchKind, parent?: CommentParent): number {
    return this.catalogStore.count(kind, parent);
  }

  /** When the catalog sync last stored a page of `kind` (epoch ms), if it ever did. */
  syncedAt(kind: CatalogKind): number | undefined {
    const t = this.db.prepare('SELECT updated_at FROM sync_state WHERE key = ?').pluck().get(kind) as number | null | undefined;
    return t ?? undefined;
  }

  /** Orders of the markets list by their query, with the catalog (and noted prices) they were taken at. */
  private readonly listOrders = new Map<string, { at: string; ids: number[] }>();
  private pricesNoted = 0;

  /**
   * One page of the markets list from the synced catalog, with the count of all that match. The
   * order of a query is kept until the catalog changes: ranking every market again for each page
   * took ~5 ms at 15,000 markets, before the first rows of every reload.
   */
  listMarkets(q: MarketListQuery): MarketListPage {
    const at = `${this.catalogStore.version}:${q.sort === 'lastPrice' ? this.pricesNoted : 0}`;
    return listMarkets(this.db, q, (key, rank) => {
      const kept = this.listOrders.get(key);
      if (kept?.at === at) return kept.ids;
      const ids = rank();
      this.listOrders.delete(key);
      this.listOrders.set(key, { at, ids });
      // The few a window's filters and sorts move between; the oldest go first.
      while (this.listOrders.size > LIST_ORDERS_KEPT) this.listOrders.delete(this.listOrders.keys().next().value as string);
      return ids;
    });
  }

  noteLastPrices(conditionId: string, prices: readonly string[], first?: string): void {
    noteLastPrices(this.db, conditionId, prices, first);
    // The price sort follows the freshest prices.
    this.pricesNoted++;
  }

  catalogSeenAt(): number | undefined {
    return catalogSeenAt(this.db);
  }

  market(id: string): CachedMarket | undefined {
    return this.catalogStore.market(id);
  }

  /** An event of the synced catalog by its numeric id. */
  event(id: string): CachedEvent | undefined {
    return this.catalogStore.event(id);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

/**
 * Opens (creating and migrating as needed) the cache of `profileId` in `dir`. A file that is not
 * a usable cache (damaged, not SQLite, or written by a newer build) is renamed aside with a
 * timestamp, with its -wal and -shm, and an empty cache made in its place: everything in it can
 * be fetched again. `onSetAside` is told.
 */
export function openCache(dir: string, profileId: string, opts: CacheOptions = {}): Cache {
  const path = cacheFile(dir, profileId);
  privateDir(dir);
  try {
    return new Cache(path, profileId, opts);
  } catch (err) {
    if (!(err instanceof CacheUnusable)) throw err;
    const stamp = new Date((opts.now ?? Date.now)()).toISOString().replace(/[:.]/g, '-');
    const aside = `${path}.damaged-${stamp}`;
    // The companions go first: a -wal left behind would be read into the new, empty file.
    for (const suffix of ['-wal', '-shm', '-journal', '']) if (existsSync(path + suffix)) renameSync(path + suffix, aside + suffix);
    const cache = new Cache(path, profileId, opts);
    opts.onSetAside?.({ path, aside, reason: err.message });
    return cache;
  }
}
