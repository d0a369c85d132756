// Catalog sync: pages through each listing with the catalog caps, storing every page together
// with its checkpoint, so an interrupted sync resumes where it stopped with no gap or duplicate.
import type Database from 'better-sqlite3';
import { CATALOG_KINDS, type CatalogKind, type CatalogStore, type CommentParent, type SyncedKind } from './catalog.js';

export const MAX_PAGE_SIZE = 100;

export interface PageRequest {
  limit: number;
  offset: number;
  signal?: AbortSignal;
  /** Set for `comments`: the entity whose comments are listed. */
  parent?: CommentParent;
}

/**
 * Reads one page of a catalog listing. For offsets to stay put while the catalog grows, ask for a
 * stable ascending order where the surface allows it (markets and events `order=id&ascending=true`,
 * comments `order=createdAt&ascending=true`); series and tags list in a fixed id order.
 */
export type FetchPage = (kind: SyncedKind, page: PageRequest) => Promise<unknown[]>;

export interface SyncProgress {
  kind: SyncedKind;
  /** Items stored so far in this pass of the kind (resumed passes count earlier runs too). */
  done: number;
  /** The kind's size when known: the count of the previous complete pass, or this one once complete. */
  total?: number;
  /** 1-based page number within the pass. */
  page: number;
  complete: boolean;
}

export interface SyncOptions {
  /** Kinds to sync, in this order; default tags, events, series, markets (tag labels and event titles feed market search). */
  kinds?: readonly CatalogKind[];
  /** 1..100, default 100. */
  pageSize?: number;
  signal?: AbortSignal;
  onProgress?: (p: SyncProgress) => void;
}

export interface KindResult {
  done: number;
  pages: number;
  /** Rows dropped because the venue no longer lists them. */
  removed: number;
}

interface Checkpoint {
  pass: number;
  next_offset: number;
  pages: number;
  done: number;
  complete: number;
  last_total: number | null;
  /** The catalog run that last worked on this kind. */
  run: string | null;
}

export class CatalogSync {
  private readonly running = new Set<string>();

  constructor(
    private readonly db: Database.Database,
    private readonly store: CatalogStore,
    private readonly now: () => number,
  ) {}

  /**
   * One run over `kinds`. A run cut short (abort, error, quit) is resumed by the next call with
   * the same kinds: kinds it finished are skipped, the one it was in continues at its offset.
   */
  async catalog(fetchPage: FetchPage, opts: SyncOptions = {}): Promise<Partial<Record<CatalogKind, KindResult>>> {
    const kinds = opts.kinds ?? CATALOG_KINDS;
    for (const k of kinds) if (!CATALOG_KINDS.includes(k)) throw new Error(`sync kind must be one of ${CATALOG_KINDS.join(', ')}, got ${JSON.stringify(k)}`);
    const runKey = `catalog:${kinds.join(',')}`;
    const last = this.checkpoint(runKey);
    const runPass = !last || last.complete ? (last?.pass ?? 0) + 1 : last.pass;
    const run = `${runKey}#${runPass}`;
    this.save(runKey, { pass: runPass, next_offset: 0, pages: 0, done: 0, complete: 0, last_total: null, run });
    const out: Partial<Record<CatalogKind, KindResult>> = {};
    for (const kind of kinds) {
      const cp = this.checkpoint(kind);
      if (cp?.complete && cp.run === run) {
        out[kind] = { done: cp.done, pages: cp.pages, removed: 0 };
        continue;
      }
      const ingest = (items: unknown[], pass: number, where: string) => this.store.ingest(kind, items, pass, where);
      out[kind] = await this.run(kind, kind, run, fetchPage, opts, ingest, (pass) => this.store.prune(kind, pass));
    }
    this.save(runKey, { pass: runPass, next_offset: 0, pages: 0, done: 0, complete: 1, last_total: null, run });
    return out;
  }

  async comments(parent: CommentParent, fetchPage: FetchPage, opts: Omit<SyncOptions, 'kinds'> = {}): Promise<KindResult> {
    if (!['Event', 'Series', 'market'].includes(parent.type) || typeof parent.id !== 'string' || parent.id === '') {
      throw new Error(`comment parent must be {type: Event | Series | market, id}, got ${JSON.stringify(parent)}`);
    }
    return this.run(
      `comments:${parent.type}:${parent.id}`,
      'comments',
      null,
      (kind, page) => fetchPage(kind, { ...page, parent }),
      opts,
      (items, pass, where) => this.store.ingestComments(parent, items, pass, where),
      (pass) => this.store.prune('comments', pass, parent),
    );
  }

  /** Where a kind (or `comments:<type>:<id>`) stands: undefined before its first page. */
  checkpoint(key: string): (Checkpoint & { key: string }) | undefined {
    return this.db.prepare('SELECT * FROM sync_state WHERE key = ?').get(key) as (Checkpoint & { key: string }) | undefined;
  }

  private async run(
    key: string,
    kind: SyncedKind,
    run: string | null,
    fetchPage: FetchPage,
    opts: Omit<SyncOptions, 'kinds'>,
    ingest: (items: unknown[], pass: number, where: string) => void,
    prune: (pass: number) => number,
  ): Promise<KindResult> {
    const limit = opts.pageSize ?? MAX_PAGE_SIZE;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) throw new Error(`sync pageSize must be an integer from 1 to ${MAX_PAGE_SIZE}, got ${limit}`);
    if (this.running.has(key)) throw new Error(`a sync of ${key} is already running`);
    this.running.add(key);
    try {
      const prev = this.checkpoint(key);
      // A finished pass is followed by a new one from offset 0; an unfinished one resumes.
      const cp: Checkpoint =
        !prev || prev.complete
          ? { pass: (prev?.pass ?? 0) + 1, next_offset: 0, pages: 0, done: 0, complete: 0, last_total: prev ? prev.done : null, run }
          : { ...prev, run };
      let removed = 0;
      while (!cp.complete) {
        opts.signal?.throwIfAborted();
        const items = await fetchPage(kind, { limit, offset: cp.next_offset, ...(opts.signal ? { signal: opts.signal } : {}) });
        if (!Array.isArray(items)) throw new Error(`${kind} page at offset ${cp.next_offset}: expected an array, got ${typeof items}`);
        if (items.length > limit) throw new Error(`${kind} page at offset ${cp.next_offset}: ${items.length} items for a limit of ${limit}`);
        opts.signal?.throwIfAborted();
        // The page and the checkpoint move together, so no page is stored twice or skipped.
        this.db.transaction(() => {
          ingest(items, cp.pass, `${kind} at offset ${cp.next_offset}`);
          cp.next_offset += items.length;
          cp.done += items.length;
          cp.pages += 1;
          if (items.length < limit) {
            cp.complete = 1;
            removed = prune(cp.pass);
          }
          this.save(key, cp);
        })();
        const total = cp.complete ? cp.done : cp.last_total !== null && cp.last_total >= cp.done ? cp.last_total : undefined;
        opts.onProgress?.({ kind, done: cp.done, ...(total !== undefined ? { total } : {}), page: cp.pages, complete: cp.complete === 1 });
      }
      return { done: cp.done, pages: cp.pages, removed };
    } finally {
      this.running.delete(key);
    }
  }

  private save(key: string, cp: Checkpoint): void {
    this.db
      .prepare(
        `INSERT OR REPLACE INTO sync_state(key, pass, next_offset, pages, done, complete, last_total, run, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(key, cp.pass, cp.next_offset, cp.pages, cp.done, cp.complete, cp.last_total, cp.run, this.now());
  }
}
