// The active profile and everything opened for it: its surface clients, its cache, its user
// data, what the venue has shown it offers, and whether each surface answers. Switching profiles
// closes one Session and opens the next whole, so no service can reach a closed database of a
// profile that is no longer active: a call that outlives its Session fails with words, not with
// "the database connection is not open". Its live feed (prices streamed from the venue) closes
// with it too.
import { basename } from 'node:path';
import type { EventName, EventPayload, VenueProfile } from '@shared/ipc/contract.js';
import { openCache, type Cache, type CachedResult, type QueryValue } from './cache/index.js';
import { CACHE_DIR, cacheDir, removeCacheFiles } from './app-data.js';
import type { OnDamaged } from './data-files.js';
import { Capabilities, type StoredCapabilities } from './capabilities.js';
import { createClients, type Clients } from './clients/index.js';
import { LiveFeed, type LiveOptions } from './live/feed.js';
import { streamUrl } from './live/discover.js';
import { AppError } from './router.js';
import { UserData } from './user-data/store.js';
import type { Clock, Logger } from './ports.js';

export type SurfaceName = 'catalog' | 'data' | 'trading';
export type Emit = <N extends EventName>(name: N, payload: EventPayload<N>) => void;

export interface SessionDeps {
  dataDir: string;
  clock: Clock;
  emit: Emit;
  /** Where a damaged cache set aside is told; quiet when not given. */
  log?: Logger;
  /** Told of a damaged cache set aside, as every damaged data file is (data-files.ts). */
  onDamaged?: OnDamaged;
  http?: Parameters<typeof createClients>[1];
  /** The live feed's connection, timing and pushes (tests shorten and relay them). */
  live?: LiveOptions;
  /** The screens' poll interval for prices while nothing streams them (seconds). */
  pollSeconds?: number;
  /** While the embedded venue of the `local` profile is starting and cannot answer yet: a promise
   *  that settles once it no longer is (running, or down); undefined otherwise. */
  venueStarting?: () => Promise<void> | undefined;
}

export class Session {
  readonly clients: Clients;
  readonly user: UserData;
  /** What the venue has shown it offers beyond the spec; kept with the cache, so learned once. */
  readonly capabilities: Capabilities;
  /** Prices streamed from the venue's market channel, where it has one. */
  readonly live: LiveFeed;
  private openCache: Cache;
  private readonly online: Record<SurfaceName, boolean> = { catalog: true, data: true, trading: true };
  private closed = false;
  private readonly stopping = new AbortController();

  constructor(
    readonly profile: VenueProfile,
    private readonly deps: SessionDeps,
  ) {
    this.clients = createClients({ catalogUrl: profile.catalogUrl, tradingUrl: profile.tradingUrl, dataUrl: profile.dataUrl }, deps.http);
    this.openCache = this.cacheOpen();
    try {
      this.user = UserData.open(deps.dataDir, profile.id, () => deps.clock.now());
    } catch (err) {
      this.openCache.close();
      throw err;
    }
    const stored = this.openCache.read<Partial<Record<string, unknown>>>(this.capabilitiesKey())?.data;
    this.capabilities = new Capabilities(stored, (all) => {
      if (this.closed) return;
      this.openCache.write(this.capabilitiesKey(), all);
      deps.emit('capabilities.changed', { profileId: profile.id });
    });
    this.clients.trading.timeRoute = { mayHave: () => this.capabilities.mayHave('time'), note: (offered) => this.capabilities.note('time', offered) };
    this.live = new LiveFeed(
      {
        clock: deps.clock,
        log: deps.log ?? { info: () => undefined, warn: () => undefined, error: () => undefined },
        pollSeconds: deps.pollSeconds ?? 5,
        push: (payload) => {
          if (!this.closed) deps.emit('market.live', payload);
        },
        status: (payload) => {
          if (!this.closed) deps.emit('live.status', payload);
        },
        discover: (again) =>
          streamUrl(
            {
              capabilities: this.capabilities,
              tradingUrl: profile.tradingUrl,
              version: async (maxAge) => (await this.cached('trading', '/version', {}, maxAge, () => this.capabilities.use('version', () => this.clients.trading.version()))).data,
            },
            again,
          ),
        lacking: () => {
          if (!this.closed) this.capabilities.note('live', false);
        },
      },
      deps.live,
    );
  }

  private capabilitiesKey(): string {
    return capabilitiesKey(this.openCache);
  }

  get cache(): Cache {
    this.check();
    return this.openCache;
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  /** Aborted when the Session closes: long work (a catalog sync) stops before touching its files. */
  get signal(): AbortSignal {
    return this.stopping.signal;
  }

  /** Fails a call that outlived its Session (the profile was switched under it). */
  check(): void {
    if (this.closed) throw new AppError('BUSY', `the venue changed from ${this.profile.name} while this was being done; nothing more was done with ${this.profile.name}`);
  }

  /** Reads a screen is waiting on, and background work waiting for them to finish. */
  private screenReads = 0;
  private readonly whenNoScreenReads: Array<() => void> = [];

  /**
   * Settles once no read through `cached` is out (at most `maxMs` later, so steady polling cannot
   * starve it): the catalog sync's pages go after what a screen waits for, not before it — on a
   * first launch they would otherwise take the venue's first answers and the rate budget.
   */
  screenReadsDone(maxMs = 1000): Promise<void> {
    if (this.screenReads === 0) return Promise.resolve();
    return new Promise((done) => {
      const timer = setTimeout(done, maxMs);
      this.whenNoScreenReads.push(() => {
        clearTimeout(timer);
        done();
      });
    });
  }

  /** While this profile's embedded venue starts: settles once it runs (or is down). */
  venueStarting(): Promise<void> | undefined {
    return this.profile.kind === 'local' ? this.deps.venueStarting?.() : undefined;
  }

  /**
   * A read through the cache (fresh enough, or loaded), noting whether its surface answered:
   * a change is pushed to the renderer as `connection.changed`.
   */
  async cached<T>(surface: SurfaceName, path: string, query: Readonly<Record<string, QueryValue>>, maxAge: number, load: () => Promise<T>): Promise<CachedResult<T>> {
    const cache = this.cache;
    let failed = false;
    let waited = false;
    // A venue still starting would only be retried until the reads give up: what is kept is
    // shown at once, marked stale, and every read waits to go out the moment the venue runs (not
    // after the HTTP retries' next backoff), so a first launch's list is the venue's first answer.
    const starting = this.venueStarting();
    this.screenReads++;
    try {
      const r = await cache.cached(cache.key(surface, path, query), maxAge, async () => {
        try {
          if (starting) {
            await starting;
            waited = true;
          }
          return await load();
        } catch (err) {
          failed = (err as { name?: string }).name === 'NetworkError';
          throw err;
        }
      }, starting ? { staleWhileRevalidate: true, onError: () => undefined } : {});
      if (!starting || waited) this.reachable(surface, !failed);
      return r;
    } catch (err) {
      if ((err as { name?: string }).name === 'NetworkError') this.reachable(surface, false);
      throw err;
    } finally {
      if (--this.screenReads === 0) for (const done of this.whenNoScreenReads.splice(0)) done();
    }
  }

  /** The next read of this query goes to the venue (the copy kept stays for offline use). */
  expire(surface: SurfaceName, path: string, query: Readonly<Record<string, QueryValue>>): void {
    this.cache.expire(this.cache.key(surface, path, query));
  }

  /** Every read of `path` whose query holds `match`, under any other parameters, goes to the venue next. */
  expireReads(surface: SurfaceName, path: string, match: Readonly<Record<string, string>>): void {
    this.cache.expireReads(surface, path, match);
  }

  /**
   * Deletes every profile's cache and reopens this one empty. Closed, emptied and reopened with
   * nothing awaited in between, so no other call ever sees the cache closed.
   */
  resetCache(): { removed: string[]; bytes: number } {
    this.check();
    this.openCache.close();
    try {
      return removeCacheFiles(this.deps.dataDir);
    } finally {
      this.openCache = this.cacheOpen();
      // What the venue offers is not worth asking again after a reset.
      this.openCache.write(this.capabilitiesKey(), this.capabilities.snapshot());
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.stopping.abort();
    this.live.close();
    this.openCache.close();
    this.user.close();
  }

  private cacheOpen(): Cache {
    return openCache(cacheDir(this.deps.dataDir), this.profile.id, {
      now: () => this.deps.clock.now(),
      onSetAside: ({ path, aside, reason }) => {
        this.deps.log?.warn('the cache could not be read; it was set aside and is being fetched again', { profile: this.profile.id, aside, reason });
        this.deps.onDamaged?.({ file: `${CACHE_DIR}/${basename(path)}`, aside, what: 'the cache is fetched again from the venue: nothing is lost, and the moved file can be deleted', at: this.deps.clock.now() });
      },
    });
  }

  private reachable(surface: SurfaceName, up: boolean): void {
    if (this.closed || this.online[surface] === up) return;
    this.online[surface] = up;
    this.deps.emit('connection.changed', { surface, online: up, since: this.deps.clock.now() });
  }
}

const capabilitiesKey = (cache: Cache): string => cache.key('trading', '/capabilities', {});

/**
 * Keeps what a connection test learned of a venue with the profile just added for it, so that
 * its first Session starts knowing it (kept in that profile's cache, as its Session keeps it).
 */
export function keepCapabilities(dataDir: string, profileId: string, caps: StoredCapabilities, now: () => number): void {
  const cache = openCache(cacheDir(dataDir), profileId, { now });
  try {
    cache.write(capabilitiesKey(cache), caps);
  } finally {
    cache.close();
  }
}

/** The one active Session; `switchTo` opens the next before closing the last, so a failed open changes nothing. */
export class Sessions {
  private active: Session;

  constructor(
    profile: VenueProfile,
    private readonly deps: SessionDeps,
  ) {
    this.active = new Session(profile, deps);
  }

  get current(): Session {
    return this.active;
  }

  switchTo(profile: VenueProfile): Session {
    const next = new Session(profile, this.deps);
    const last = this.active;
    this.active = next;
    last.close();
    return next;
  }

  close(): void {
    this.active.close();
  }
}

/** State a service keeps per Session (a sync under way, the order domain read): gone with it. */
export function perSession<T>(init: (s: Session) => T): (s: Session) => T {
  const states = new WeakMap<Session, T>();
  return (s) => {
    let v = states.get(s);
    if (v === undefined) states.set(s, (v = init(s)));
    return v;
  };
}
