// Traders and comments for search, from what the cache already holds: the leaderboard, holders
// and comment pages it kept are read once each (newer answers only) into the traders table, the
// comments table and the full-text index. Nothing is asked of the venue for this.
import type Database from 'better-sqlite3';
import type { CatalogStore } from './catalog.js';

/** The kept answers that name traders, by path prefix (surface and path as in the response key). */
const SOURCES = ['data|/v1/leaderboard', 'data|/holders', 'catalog|/comments'] as const;

interface Person {
  address: string;
  name?: string | undefined;
  pseudonym?: string | undefined;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : undefined);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
const wallet = (v: unknown): string | undefined => {
  const t = text(v);
  return t && /^0x[0-9a-fA-F]{40}$/.test(t) ? t.toLowerCase() : undefined;
};

export class PeopleIndex {
  /** The newest `fetched_at` read so far: answers kept at or after it are read again. */
  private since = 0;
  /**
   * Whether an answer naming traders may have been kept since the last harvest. Asking the
   * responses table cost ~1 ms a search even when nothing was new (its keys run to kilobytes),
   * and search asks on every keystroke; writes through this cache say when to look again.
   */
  private pending = true;
  private readonly prefixes: readonly string[];
  private readonly s;

  constructor(
    private readonly db: Database.Database,
    private readonly store: CatalogStore,
    private readonly profileId: string,
  ) {
    this.prefixes = SOURCES.map((source) => `${profileId}|${source}`);
    this.s = {
      kept: db.prepare<[string, string, number], { data: string; fetched_at: number }>('SELECT data, fetched_at FROM responses WHERE key >= ? AND key < ? AND fetched_at >= ?'),
      get: db.prepare<[string], { name: string | null; pseudonym: string | null }>('SELECT name, pseudonym FROM traders WHERE address = ?'),
      put: db.prepare('INSERT OR REPLACE INTO traders(address, name, pseudonym, seen_at) VALUES (?, ?, ?, ?)'),
    };
  }

  /** An answer was kept under `key`: the next harvest reads it when it names traders. */
  noteWrite(key: string): void {
    if (!this.pending && this.prefixes.some((p) => key.startsWith(p))) this.pending = true;
  }

  /** Reads the answers kept since the last call into the traders and comments tables. */
  harvest(): void {
    if (!this.pending) return;
    this.pending = false;
    let newest = this.since;
    try {
      this.db.transaction(() => {
        for (const source of SOURCES) {
          const prefix = `${this.profileId}|${source}`;
          for (const r of this.s.kept.all(prefix, `${prefix}\uffff`, this.since)) {
            newest = Math.max(newest, r.fetched_at);
            let data: unknown;
            try {
              data = JSON.parse(r.data);
            } catch {
              continue;
            }
            if (!Array.isArray(data)) continue;
            if (source === 'data|/v1/leaderboard') for (const e of data) this.person({ address: wallet(obj(e)?.['proxyWallet']) ?? '', name: text(obj(e)?.['userName']) }, r.fetched_at);
            else if (source === 'data|/holders') {
              for (const g of data) for (const h of (obj(g)?.['holders'] as unknown[] | undefined) ?? []) this.holder(h, r.fetched_at);
            } else for (const c of data) this.comment(c, r.fetched_at);
          }
        }
      })();
    } catch (err) {
      this.pending = true;
      throw err;
    }
    this.since = newest;
  }

  private holder(h: unknown, at: number): void {
    const o = obj(h);
    this.person({ address: wallet(o?.['proxyWallet']) ?? '', name: text(o?.['name']), pseudonym: text(o?.['pseudonym']) }, at);
  }

  private comment(c: unknown, at: number): void {
    const o = obj(c);
    if (!o) return;
    const profile = obj(o['profile']);
    const address = wallet(o['userAddress']) ?? wallet(profile?.['proxyWallet']);
    if (address) this.person({ address, name: text(profile?.['name']), pseudonym: text(profile?.['pseudonym']) }, at);
    const type = o['parentEntityType'];
    const parent = o['parentEntityID'];
    if ((type !== 'Event' && type !== 'Series' && type !== 'market') || (typeof parent !== 'number' && typeof parent !== 'string')) return;
    try {
      this.store.ingestComments({ type, id: String(parent) }, [c], 0, 'kept comment');
    } catch {
      // A kept comment that does not parse is left out of search, not a failed search.
    }
  }

  private person(p: Person, at: number): void {
    if (!p.address) return;
    const was = this.s.get.get(p.address);
    const name = p.name ?? was?.name ?? undefined;
    const pseudonym = p.pseudonym ?? was?.pseudonym ?? undefined;
    this.s.put.run(p.address, name ?? null, pseudonym ?? null, at);
    if (was && was.name === (name ?? null) && was.pseudonym === (pseudonym ?? null)) return;
    const label = name ?? pseudonym ?? p.address;
    this.store.indexDoc('traders', p.address, { label, title: [name, pseudonym].filter(Boolean).join(' '), body: p.address });
  }
}
