// The composition root of the main process's core: the shared context (the active profile's
// Session, the host's ports, settings, the vault) and the list of domains, each serving its part
// of the IPC contract from its folder under domains/. Runs under plain Node (tests, the browser
// host) and under Electron alike. The domains are built in an order where each is handed what it
// uses of those before it; the registrar starts them in that order and stops them in reverse.
import type { EventName, EventPayload, TokenPrice, VenueProfile } from '@shared/ipc/contract.js';
import type { createClients } from './clients/index.js';
import { Activity } from './activity.js';
import { privateDir } from './cache/index.js';
import { closer, type CloseOptions } from './closer.js';
import type { DamagedFile, OnDamaged } from './data-files.js';
import { FRESH, startingWait, type CoreContext } from './context.js';
import { accountsDomain, openVault, type AccountsOptions } from './domains/accounts/accounts.js';
import { alertsDomain, type AlertsOptions } from './domains/alerts/alerts.js';
import { appDomain, type AppOptions } from './domains/app/app.js';
import { draftsDomain } from './domains/drafts/drafts.js';
import { inboxDomain, type Inbox } from './domains/inbox/inbox.js';
import { liveDomain } from './domains/live/live.js';
import { marketsDomain } from './domains/markets/index.js';
import { journals, ordersDomain, type WatchOptions } from './domains/orders/index.js';
import { portfolioDomain } from './domains/portfolio/portfolio.js';
import { ProfileStore, profilesDomain } from './domains/profiles/profiles.js';
import { settingsDomain } from './domains/settings/settings.js';
import { syncDomain, type CatalogWatchOptions } from './domains/sync/sync.js';
import { tradersDomain, type FollowingOptions } from './domains/traders/traders.js';
import { watchlistDomain } from './domains/watchlist/watchlist.js';
import type { LiveOptions } from './live/feed.js';
import { collectGarbage } from '../../native/memory.js';
import { consoleLogger, systemClock, type Clock, type Logger } from './ports.js';
import { Prefs } from './prefs.js';
import { PriceReadings } from './readings.js';
import { Registrar } from './registrar.js';
import { Router } from './router.js';
import { Sessions } from './session.js';

export type { CloseOptions } from './closer.js';

export interface CoreOptions extends AccountsOptions, AppOptions, WatchOptions, AlertsOptions, CatalogWatchOptions, FollowingOptions {
  dataDir: string;
  /** The embedded local venue's profile (or any default). */
  defaultProfile: Omit<VenueProfile, 'id'> & { id?: string };
  logger?: Logger;
  clock?: Clock;
  /** Waits between retries of throttled order lines; tests shorten it. */
  sleep?: (ms: number) => Promise<void>;
  /**
   * How the core gives memory back after a catalog sync and once the young generation has grown
   * (a full collection of the whole process). A core in a test process shares its heap with the
   * test runner, a venue and other cores: there each collection cost the whole shared heap's
   * marking (a third of a browser test worker's CPU), so tests pass a no-op.
   */
  collectGarbage?: () => void;
  version?: string;
  checkOutputs?: boolean;
  emit?: <N extends EventName>(name: N, payload: EventPayload<N>) => void;
  http?: Parameters<typeof createClients>[1];
  /** The live price feed's connection and timing (tests shorten and relay them). */
  live?: LiveOptions;
}

export interface Core {
  router: Router;
  /** Order batches in flight: updates wait for them. */
  activity: Activity;
  /**
   * Closes in order: new calls are refused with the closing error, the timers stop, the calls
   * and passes under way get a bounded wait, then the vault locks and the databases close. With
   * nothing under way all of it is done before this returns. Calling it again returns the same close.
   */
  close(opts?: CloseOptions): Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createCore(opts: CoreOptions): Core {
  const log = opts.logger ?? consoleLogger;
  const clock = opts.clock ?? systemClock;
  const host = opts.emit ?? (() => undefined);
  // Live prices pushed to the screens are price readings too (price alerts listen).
  const readings = new PriceReadings();
  // Every notice goes through the inbox, which keeps it before it is pushed: none bypasses it.
  // A fill's account has new positions, trades and cash: their next reads go to the venue, so the
  // screens the notice refreshes show the fill, not a copy up to 15 s old.
  const kept: { inbox?: Inbox; filled?: (accountId: string) => void; livePrice?: (tokenId: string) => TokenPrice | undefined } = {};
  const emit: CoreContext['emit'] = (name, payload) => {
    if (name === 'notices.raised') {
      const n = payload as EventPayload<'notices.raised'>;
      if (n.kind === 'fill' && n.accountId) kept.filled?.(n.accountId);
      if (kept.inbox) return kept.inbox.raise(n);
    }
    if (name !== 'market.live') return host(name, payload);
    // A live change carries the token's price, so screens show it without asking for it again.
    const price = kept.livePrice?.((payload as EventPayload<'market.live'>).tokenId);
    const p = price ? { ...(payload as EventPayload<'market.live'>), price } : (payload as EventPayload<'market.live'>);
    host(name, p as EventPayload<typeof name>);
    readings.publish([{ tokenId: p.tokenId, conditionId: p.conditionId, bestBid: p.bestBid, bestAsk: p.bestAsk, last: p.lastTrade?.price }]);
  };
  privateDir(opts.dataDir);
  // A data file that cannot be read is moved aside and said: in the log now, to the page when it asks.
  const damagedFiles: DamagedFile[] = [];
  const damaged: OnDamaged = (d) => void damagedFiles.push(d);
  const profiles = new ProfileStore(opts.dataDir, { id: opts.defaultProfile.id ?? 'local', ...opts.defaultProfile }, { log, onDamaged: damaged });
  const sessions = new Sessions(profiles.active, {
    dataDir: opts.dataDir, clock, emit, log, onDamaged: damaged, pollSeconds: FRESH.prices / 1000, venueStarting: startingWait(opts.localVenue),
    ...(opts.http ? { http: opts.http } : {}),
    ...(opts.live ? { live: opts.live } : {}),
  });
  let vault = openVault(opts.dataDir, opts, undefined, damaged);
  const close = closer();
  const ctx: CoreContext = {
    dataDir: opts.dataDir, version: opts.version ?? '0.1.0', log, clock, emit, sleep: opts.sleep ?? realSleep, collectGarbage: opts.collectGarbage ?? collectGarbage,
    sessions, session: () => sessions.current, prefs: new Prefs(opts.dataDir, log, damaged), activity: new Activity(),
    damagedFiles, damaged,
    vault: () => vault,
    setVault: (next) => void (vault = next),
    closing: close.closing,
  };

  const journal = journals();
  const accounts = accountsDomain(ctx, opts);
  const watchlist = watchlistDomain(ctx);
  const markets = marketsDomain(ctx, { readings, watchlist });
  kept.livePrice = (tokenId) => (ctx.session().isOpen ? markets.livePrice(ctx.session(), tokenId) : undefined);
  const portfolio = portfolioDomain(ctx, accounts, { resolutions: markets.resolutions, journal });
  kept.filled = (accountId) => {
    const a = ctx.vault().list().find((x) => x.id === accountId);
    if (a && ctx.session().isOpen) portfolio.changed(ctx.session(), a);
  };
  const live = liveDomain(ctx);
  const sync = syncDomain(ctx, opts);
  const inbox = (kept.inbox = inboxDomain(ctx, { push: host, localVenue: opts.localVenue }));
  const domains = new Registrar([
    appDomain(ctx, opts, { cacheReset: () => sync.forget(ctx.session()) }),
    profilesDomain(ctx, profiles, opts), settingsDomain(ctx), draftsDomain(ctx), accounts, watchlist, markets, portfolio, live, sync,
    ordersDomain(ctx, opts, { journal, accounts, markets, portfolio, live }),
    alertsDomain(ctx, opts, { markets, readings }),
    tradersDomain(ctx, opts),
    inbox,
  ], emit, close.closing);
  const router = new Router(domains.handlers, { logger: log, ...(opts.checkOutputs ? { checkOutputs: true } : {}) });
  domains.start();

  return {
    router,
    activity: ctx.activity,
    close: (o = {}) =>
      close.run(o, { router, activity: ctx.activity, log, stop: () => domains.stop() }, () => {
        domains.close(log);
        vault.lock();
        sessions.close();
      }),
  };
}
