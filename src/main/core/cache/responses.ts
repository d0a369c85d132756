// The response cache: last good answer of every surface read, with the time it was fetched,
// and the freshness policy the services apply on top of it.
import type Database from 'better-sqlite3';
import { droppedOf, withDropped } from '../clients/answer-check.js';

export type Surface = 'catalog' | 'data' | 'trading';
export type QueryValue = string | number | boolean | bigint | null | undefined | ReadonlyArray<string | number | boolean | bigint>;

export interface CacheEntry<T> {
  data: T;
  /** Epoch ms. */
  fetchedAt: number;
  /** Rows of the venue's answer dropped as not what was asked (answer-check.ts); absent when none. */
  filtered?: number;
}

export interface CachedResult<T> {
  data: T;
  fetchedAt: number;
  /** True when the data is older than the caller's max age (served offline, or while revalidating). */
  stale: boolean;
  ageMs: number;
  /** Rows of the venue's answer dropped as not what was asked; absent when none. */
  filtered?: number;
}

export interface CachedOptions<T> {
  /**
   * Return the cached answer at once, even when stale, and refresh in the background when it is
   * stale; `onUpdate` receives the new answer, `onError` a failed refresh.
   */
  staleWhileRevalidate?: boolean;
  onUpdate?: (result: CachedResult<T>) => void;
  onError?: (error: unknown) => void;
}

/** A failure to reach the service (as opposed to an answer refusing the request). */
export function isNetworkError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { name?: unknown; kind?: unknown };
  return e.name === 'NetworkError' || e.kind === 'network';
}

/** The venue refused for now (429): like being offline for this read, it passes. */
export function isThrottled(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 429;
}

/**
 * The cache key of one read: profile, surface, path and the query with absent values dropped,
 * keys sorted and values written as they would be on the wire, so equal reads share one key.
 */
export function responseKey(profile: string, surface: Surface, path: string, query: Readonly<Record<string, QueryValue>> = {}): string {
  if (!path.startsWith('/')) throw new Error(`cache key path must start with "/", got ${JSON.stringify(path)}`);
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const params = new URLSearchParams();
  for (const name of Object.keys(query).sort()) {
    const v = query[name];
    if (v === undefined || v === null) continue;
    params.append(name, Array.isArray(v) ? v.map(String).join(',') : String(v));
  }
  const qs = params.toString();
  return `${profile}|${surface}|${clean}${qs ? `?${qs}` : ''}`;
}

export class ResponseStore {
  private readonly readStmt: Database.Statement<[string], { data: string; fetched_at: number; dropped: number }>;
  private readonly writeStmt: Database.Statement<[string, string, number, number]>;
  private readonly keysStmt: Database.Statement<[string, string], { key: string }>;
  private readonly inflight = new Map<string, Promise<CachedResult<unknown>>>();
  /** Keys our own writes made out of date, with a mark telling expiries apart. */
  private readonly due = new Map<string, number>();
  private expiries = 0;
  /** Told the key of every answer written (the people index reads the ones naming traders). */
  private readonly writeListeners: Array<(key: string) => void> = [];

  constructor(
    db: Database.Database,
    private readonly now: () => number,
  ) {
    this.readStmt = db.prepare('SELECT data, fetched_at, dropped FROM responses WHERE key = ?');
    this.writeStmt = db.prepare(
      'INSERT INTO responses(key, data, fetched_at, dropped) VALUES (?, ?, ?, ?) ON CONFLICT(key) DO UPDATE SET data = excluded.data, fetched_at = excluded.fetched_at, dropped = excluded.dropped',
    );
    this.keysStmt = db.prepare('SELECT key FROM responses WHERE key >= ? AND key < ?');
  }

  read<T = unknown>(key: string): CacheEntry<T> | undefined {
    const row = this.readStmt.get(key);
    if (!row) return undefined;
    const data = withDropped(JSON.parse(row.data) as T & object, row.dropped);
    return { data, fetchedAt: row.fetched_at, ...(row.dropped > 0 ? { filtered: row.dropped } : {}) };
  }

  write(key: string, data: unknown, fetchedAt: number = this.now()): void {
    if (!Number.isFinite(fetchedAt)) throw new Error(`cache write of ${key}: fetchedAt must be epoch ms, got ${fetchedAt}`);
    const text = JSON.stringify(data);
    if (text === undefined) throw new Error(`cache write of ${key}: data is not JSON-serialisable`);
    this.writeStmt.run(key, text, Math.round(fetchedAt), droppedOf(data));
    for (const l of this.writeListeners) l(key);
  }

  /** Calls `listener` with the key of each answer written from now on. */
  onWrite(listener: (key: string) => void): void {
    this.writeListeners.push(listener);
  }

  /**
   * Our own write changed what `key` answers: its next read goes to the venue, while the old
   * answer, with its real time, stays for offline use. A read already under way is not joined.
   */
  expire(key: string): void {
    this.due.set(key, ++this.expiries);
    this.inflight.delete(key);
  }

  /**
   * `expire` for every kept or running read whose key starts with `prefix` and passes `test`:
   * all the variants (sorts, filters, pages) of one read. Returns how many were expired.
   */
  expireWhere(prefix: string, test: (key: string) => boolean = () => true): number {
    if (prefix === '') throw new Error('expireWhere needs a key prefix');
    // Every key that starts with the prefix sorts between it and the prefix with its last character bumped.
    const end = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
    const keys = new Set([...this.keysStmt.all(prefix, end).map((r) => r.key), ...[...this.inflight.keys()].filter((k) => k.startsWith(prefix))]);
    let n = 0;
    for (const key of keys) {
      if (!test(key)) continue;
      this.expire(key);
      n++;
    }
    return n;
  }

  /**
   * Fresh cached data at once; otherwise `load` (one call per key at a time) and store its answer.
   * When `load` fails on the network or is throttled, the last good answer comes back marked
   * stale; any other failure, or either of those with nothing cached, is thrown.
   */
  async cached<T>(key: string, maxAgeMs: number, load: () => Promise<T>, opts: CachedOptions<T> = {}): Promise<CachedResult<T>> {
    if (!(maxAgeMs >= 0)) throw new Error(`cached(${key}): maxAgeMs must be >= 0, got ${maxAgeMs}`);
    const entry = this.read<T>(key);
    if (entry) {
      const ageMs = Math.max(0, this.now() - entry.fetchedAt);
      const stale = ageMs > maxAgeMs || this.due.has(key);
      if (!stale) return { ...entry, stale, ageMs };
      if (opts.staleWhileRevalidate) {
        this.refresh(key, load).then(
          (fresh) => opts.onUpdate?.(fresh),
          (error: unknown) => opts.onError?.(error),
        );
        return { ...entry, stale, ageMs };
      }
    }
    try {
      return await this.refresh(key, load);
    } catch (error) {
      const last = isNetworkError(error) || isThrottled(error) ? this.read<T>(key) : undefined;
      if (!last) throw error;
      return { ...last, stale: true, ageMs: Math.max(0, this.now() - last.fetchedAt) };
    }
  }

  private refresh<T>(key: string, load: () => Promise<T>): Promise<CachedResult<T>> {
    const running = this.inflight.get(key);
    if (running) return running as Promise<CachedResult<T>>;
    const mark = this.due.get(key);
    const job = (async () => {
      const data = await load();
      const fetchedAt = this.now();
      this.write(key, data, fetchedAt);
      // An expiry while this read was out means its answer may predate our write.
      if (this.due.get(key) === mark) this.due.delete(key);
      const dropped = droppedOf(data);
      return { data, fetchedAt, stale: false, ageMs: 0, ...(dropped > 0 ? { filtered: dropped } : {}) };
    })().finally(() => {
      if (this.inflight.get(key) === job) this.inflight.delete(key);
    });
    this.inflight.set(key, job);
    return job;
  }
}
