// Venue profiles: the embedded local venue and the remote ones the user added, which one is
// active, switching between them (a new Session), and the connection test of each surface.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { VenueProfile, type ProfileSigning } from '@shared/ipc/contract.js';
import { formatError } from '@shared/spec/index.js';
import { Capabilities, probe, type StoredCapabilities } from '../../capabilities.js';
import { createClients } from '../../clients/index.js';
import { fileStamp, setAside, withFileLock, writeAtomic, type OnDamaged } from '../../data-files.js';
import type { Logger } from '../../ports.js';
import { AppError } from '../../router.js';
import { keepCapabilities } from '../../session.js';
import type { CoreContext, HandlersOf } from '../../context.js';
import type { Domain } from '../../registrar.js';

type ProfileCalls = 'profiles.list' | 'profiles.add' | 'profiles.setSigning' | 'profiles.switch' | 'profiles.test';

const ProfilesFile = z.object({ active: z.string(), profiles: z.array(VenueProfile) });
type Stored = z.output<typeof ProfilesFile>;

const LOCAL_ONLY = 'Kairos starts with the local venue only; the remote venues listed in the moved file must be added again (or the file put back)';

/**
 * `profiles.json`: the remote profiles and the active one. The default profile is not stored
 * (it is the app's own, given at each start). Every change is applied to the file as it is on
 * disk now, under its lock, so a venue another core on the folder added stays. A file that does
 * not parse is moved aside and told, and the start goes on with the local venue.
 */
export class ProfileStore {
  readonly file: string;
  private remote: VenueProfile[] = [];
  private activeId: string;
  private seen: string | undefined;

  constructor(
    dataDir: string,
    readonly defaultProfile: VenueProfile,
    private readonly opts: { log?: Logger; onDamaged?: OnDamaged } = {},
  ) {
    this.file = join(dataDir, 'profiles.json');
    this.activeId = defaultProfile.id;
    withFileLock(this.file, () => this.load());
  }

  /** Reads the file (under its lock): the local venue alone when missing, moved aside when unreadable. */
  private load(): void {
    let stored: Stored | undefined;
    if (existsSync(this.file)) {
      try {
        stored = ProfileStore.parse(this.file);
      } catch (err) {
        const aside = setAside(this.file, LOCAL_ONLY, this.opts.onDamaged);
        this.opts.log?.warn('profiles.json could not be read; it was moved aside and Kairos starts with the local venue only', { aside, error: (err as Error).message });
      }
    }
    this.remote = stored?.profiles.filter((p) => p.id !== this.defaultProfile.id) ?? [];
    this.activeId = stored?.active ?? this.defaultProfile.id;
    if (!this.lookup(this.activeId)) this.activeId = this.defaultProfile.id;
    this.seen = fileStamp(this.file);
  }

  private static parse(file: string): Stored {
    let parsed;
    try {
      parsed = ProfilesFile.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    } catch (err) {
      throw new Error(`${file} is not readable JSON (${(err as Error).message})`, { cause: err });
    }
    if (!parsed.success) throw new Error(`${file} does not hold a list of venues: ${formatError(parsed.error)}`);
    return parsed.data;
  }

  /** Re-reads the file when another core changed it since. */
  private fresh(): void {
    if (fileStamp(this.file) !== this.seen) withFileLock(this.file, () => this.load());
  }

  /** Applies `change` to the profiles on disk now, under the file's lock, and writes them. */
  private change<T>(apply: () => T): T {
    return withFileLock(this.file, () => {
      this.load();
      const out = apply();
      writeAtomic(this.file, JSON.stringify({ active: this.activeId, profiles: this.remote }));
      this.seen = fileStamp(this.file);
      return out;
    });
  }

  all(): VenueProfile[] {
    this.fresh();
    return [this.defaultProfile, ...this.remote];
  }

  private known(): VenueProfile[] {
    return [this.defaultProfile, ...this.remote];
  }

  find(id: string): VenueProfile | undefined {
    this.fresh();
    return this.lookup(id);
  }

  /** Without reading the file again: for use under its lock. */
  private lookup(id: string): VenueProfile | undefined {
    return this.known().find((p) => p.id === id);
  }

  get active(): VenueProfile {
    this.fresh();
    return this.lookup(this.activeId) ?? this.defaultProfile;
  }

  add(p: Omit<VenueProfile, 'id' | 'kind'>): VenueProfile {
    const profile: VenueProfile = { ...p, id: `remote-${randomBytes(4).toString('hex')}`, kind: 'remote' };
    return this.change(() => {
      this.remote = [...this.remote, profile];
      return profile;
    });
  }

  /** A remote profile with its signing setting replaced; the local venue publishes its own. */
  setSigning(id: string, signing: ProfileSigning): VenueProfile {
    return this.change(() => {
      const p = this.remote.find((x) => x.id === id);
      if (!p) throw new AppError(this.lookup(id) ? 'INVALID_INPUT' : 'NOT_FOUND', this.lookup(id) ? 'the local venue publishes its own order domain' : `no profile ${id}`);
      const next = { ...p, signing };
      this.remote = this.remote.map((x) => (x.id === id ? next : x));
      return next;
    });
  }

  setActive(id: string): void {
    this.change(() => void (this.activeId = id));
  }
}

const urlsKey = (u: { catalogUrl: string; tradingUrl: string; dataUrl: string }): string => JSON.stringify([u.catalogUrl, u.tradingUrl, u.dataUrl]);

export function profilesDomain(ctx: CoreContext, store: ProfileStore, opts: { http?: Parameters<typeof createClients>[1] }): Domain {
  // What the last tests of venues not yet added learned, by their three addresses: adding the
  // venue keeps it with the profile rather than making the user test again. A few are enough.
  const tested = new Map<string, StoredCapabilities>();
  const remember = (key: string, caps: StoredCapabilities): void => {
    tested.delete(key);
    tested.set(key, caps);
    while (tested.size > 8) tested.delete(tested.keys().next().value as string);
  };
  const handlers: HandlersOf<ProfileCalls> = {
    'profiles.list': () => ({ active: ctx.session().profile.id, profiles: store.all() }),
    'profiles.add': (p) => {
      const profile = store.add(p);
      const learned = tested.get(urlsKey(profile));
      if (learned) keepCapabilities(ctx.dataDir, profile.id, learned, () => ctx.clock.now());
      return profile;
    },
    'profiles.setSigning': ({ id, signing }) => {
      const next = store.setSigning(id, signing);
      // The active profile signs with the new setting from the next order on.
      if (ctx.session().profile.id === id) ctx.sessions.switchTo(next);
      return next;
    },
    'profiles.switch': ({ id }) => {
      const next = store.find(id);
      if (!next) throw new AppError('NOT_FOUND', `no profile ${id}`);
      ctx.sessions.switchTo(next);
      store.setActive(next.id);
      return next;
    },
    'profiles.test': async (urls) => {
      const s = ctx.session();
      const active = s.profile;
      const testingActive = !urls.catalogUrl && !urls.tradingUrl && !urls.dataUrl;
      const target = { catalogUrl: urls.catalogUrl ?? active.catalogUrl, tradingUrl: urls.tradingUrl ?? active.tradingUrl, dataUrl: urls.dataUrl ?? active.dataUrl };
      // Fresh clients: a profile being added must not share the active one's limiter or clock.
      const probeClients = createClients(target, { ...opts.http, policy: { timeoutMs: 5000, retries: 0, baseDelayMs: 0 } });
      const timed = async (surface: 'catalog' | 'trading' | 'data', run: () => Promise<unknown>) => {
        const t0 = performance.now();
        try {
          await run();
          return { surface, ok: true, ms: Math.round(performance.now() - t0) };
        } catch (err) {
          return { surface, ok: false, ms: Math.round(performance.now() - t0), message: err instanceof Error ? err.message : String(err) };
        }
      };
      // A surface is reachable when a route of the spec answers; the extras are probed apart.
      const surfaces = await Promise.all([
        timed('catalog', () => probeClients.catalog.markets({ limit: 1 })),
        timed('trading', () => probeClients.trading.samplingSimplifiedMarkets()),
        timed('data', () => probeClients.data.leaderboard({ limit: 1 })),
      ]);
      const caps = testingActive ? s.capabilities : new Capabilities();
      probeClients.trading.timeRoute = { mayHave: () => caps.mayHave('time'), note: (offered) => caps.note('time', offered) };
      let clock: { clockSkewMs: number; clockSource: 'time' | 'date-header' } | undefined;
      if (surfaces[1]?.ok) {
        await probe(probeClients, caps);
        // Tested again, the clock is asked even where /time was found missing before.
        const m = await probeClients.trading.measureClock(() => ctx.clock.now(), { retest: true });
        if (m) clock = { clockSkewMs: m.offsetMs, clockSource: m.source };
        if (!testingActive) remember(urlsKey(target), caps.snapshot());
      }
      return { surfaces, ...(clock ?? {}), ...caps.words() };
    },
  };
  return {
    name: 'profiles',
    handlers,
    // A venue added or re-signed shows in the list; a test learns what the active venue offers.
    invalidates: { 'profiles.add': ['profiles.list'], 'profiles.setSigning': ['profiles.list'], 'profiles.test': ['venue.capabilities'] },
  };
}

