// The composition root of the main process's core: the active profile's Session and the
// services, each serving its part of the IPC contract. Runs under plain Node (tests, the
// browser host) and under Electron alike. A feature lives in its contract entry, its service
// (services/<name>.ts) and its renderer folder.
import type { EventName, EventPayload, VenueProfile } from '@shared/ipc/contract.js';
import type { createClients } from './clients/index.js';
import { trimYoungGeneration } from '../../native/memory.js';
import { Activity } from './activity.js';
import { privateDir } from './cache/index.js';
import { consoleLogger, systemClock, type Clock, type Logger } from './ports.js';
import { Prefs } from './prefs.js';
import { Router, type Handlers } from './router.js';
import { Sessions } from './session.js';
import { accountsService, openVault, type AccountsOptions } from './services/accounts.js';
import { alertsService, type Alerts, type AlertsOptions } from './services/alerts.js';
import { appService, type AppOptions } from './services/app.js';
import { catalogService } from './services/catalog.js';
import { FRESH, type CoreContext } from './services/context.js';
import type { LiveOptions } from './live/feed.js';
import { liveService } from './services/live.js';
import { marketChangesService } from './services/market-changes.js';
import { marketStatusService, type StatusOptions } from './services/market-status.js';
import { marketsService } from './services/markets.js';
import { ordersService } from './services/orders.js';
import { portfolioService } from './services/portfolio.js';
import { previewService } from './services/preview.js';
import { pricesService } from './services/prices.js';
import { ProfileStore, profilesService } from './services/profiles.js';
import { settingsService } from './services/settings.js';
import { syncService } from './services/sync.js';
import { watchService, type WatchOptions } from './services/watch.js';
import { watchlistService } from './services/watchlist.js';

export interface CoreOptions extends AccountsOptions, AppOptions, WatchOptions, AlertsOptions, StatusOptions {
  dataDir: string;
  /** The embedded local venue's profile (or any default). */
  defaultProfile: Omit<VenueProfile, 'id'> & { id?: string };
  logger?: Logger;
  clock?: Clock;
  /** Waits between retries of throttled order lines; tests shorten it. */
  sleep?: (ms: number) => Promise<void>;
  version?: string;
  checkOutputs?: boolean;
  emit?: <N extends EventName>(name: N, payload: EventPayload<N>) => void;
  http?: Parameters<typeof createClients>[1];
  /** The live price feed's connection and timing (tests shorten and relay them). */
  live?: LiveOptions;
}

export interface CloseOptions {
  /** How long calls and background passes under way may take to finish (3 s unless said). */
  graceMs?: number;
  /** The same while an order batch or cancel is being sent (15 s: longer than a POST may take). */
  ordersGraceMs?: number;
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
const CLOSE_GRACE_MS = 3_000;
// An order POST gives up after 10 s and is never re-sent; its journal rows are written after.
const CLOSE_ORDERS_GRACE_MS = 15_000;

/** Settles with `work`, or after `ms` at most; the timer never keeps a process up. */
function bounded(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((done) => {
    timer = setTimeout(done, ms);
    timer.unref?.();
  });
  return Promise.race([work.then(() => undefined, () => undefined), late]).finally(() => clearTimeout(timer));
}

export function createCore(opts: CoreOptions): Core {
  const log = opts.logger ?? consoleLogger;
  const clock = opts.clock ?? systemClock;
  const host = opts.emit ?? (() => undefined);
  // Live prices pushed to the screens are readings for price alerts too (once alerts exist).
  const late: { checkAlerts?: Alerts['checkAlerts'] } = {};
  const emit: CoreContext['emit'] = (name, payload) => {
    host(name, payload);
    if (name === 'market.live' && late.checkAlerts) {
      const p = payload as EventPayload<'market.live'>;
      late.checkAlerts([{ tokenId: p.tokenId, conditionId: p.conditionId, bestBid: p.bestBid, bestAsk: p.bestAsk, last: p.lastTrade?.price }]);
    }
  };
  privateDir(opts.dataDir);
  const profiles = new ProfileStore(opts.dataDir, { id: opts.defaultProfile.id ?? 'local', ...opts.defaultProfile });
  let started: Promise<void> | undefined;
  const sessions = new Sessions(profiles.active, {
    dataDir: opts.dataDir,
    clock,
    emit,
    log,
    pollSeconds: FRESH.prices / 1000,
    venueStarting: () => {
      const local = opts.localVenue;
      if (local?.status().state !== 'starting') return undefined;
      // One wait shared by every read made while it starts.
      return (started ??= new Promise<void>((done) => {
        const off = local.onStatus((st) => {
          if (st.state === 'starting') return;
          off();
          started = undefined;
          done();
        });
      }));
    },
    ...(opts.http ? { http: opts.http } : {}),
    ...(opts.live ? { live: opts.live } : {}),
  });
  let vault = openVault(opts.dataDir, opts);
  let closing: Promise<void> | undefined;
  const ctx: CoreContext = {
    dataDir: opts.dataDir,
    version: opts.version ?? '0.1.0',
    log,
    clock,
    emit,
    sleep: opts.sleep ?? realSleep,
    sessions,
    session: () => sessions.current,
    prefs: new Prefs(opts.dataDir, log),
    activity: new Activity(),
    vault: () => vault,
    setVault: (next) => {
      vault = next;
    },
    closing: () => closing !== undefined,
  };

  const accounts = accountsService(ctx, opts);
  const watchlist = watchlistService(ctx);
  const prices = pricesService(ctx);
  const markets = marketsService(ctx, {
    onPrices: (seen, s) => {
      prices.note(s, seen);
      alerts.checkAlerts(seen, s);
    },
    onBook: (s, tokenId, book, at) => prices.noteBook(s, tokenId, book, at),
    watched: (s) => watchlist.watchedMarkets(s),
  });
  const alerts = alertsService(ctx, opts, { markets });
  late.checkAlerts = alerts.checkAlerts;
  const portfolio = portfolioService(ctx, accounts);
  const sync = syncService(ctx);
  const statuses = marketStatusService(ctx, opts);
  // Orders and the ticket's checks lean on each other (sending re-runs the checks; checking a
  // sell reads open orders); each reaches the other only when called. The live feed follows the
  // tokens of resting orders and asks the watcher for a pass when one of them trades.
  const watch = watchService(ctx, opts, { accounts, markets, portfolio, orders: () => orders, ordersRead: (s) => live.ordersChanged(s) });
  const live = liveService(ctx, watch ? { fillsLikely: (s, ids) => watch.fillsLikely(s, ids) } : {});
  const orders = ordersService(ctx, {
    accounts,
    markets,
    checks: () => preview,
    onSubmitted: () => {
      watch?.watcher.kick();
      live.ordersChanged(ctx.session());
    },
  });
  const preview = previewService(ctx, { accounts, markets, portfolio, openOrders: (s, a) => orders.openOrdersOf(s, a) });

  const app = appService(ctx, opts, () => sync.forget(ctx.session()));

  const handlers: Handlers = {
    ...app.handlers,
    ...profilesService(ctx, profiles, opts).handlers,
    ...settingsService(ctx).handlers,
    ...accounts.handlers,
    ...markets.handlers,
    ...prices.handlers,
    ...catalogService(ctx, markets).handlers,
    ...portfolio.handlers,
    ...preview.handlers,
    ...orders.handlers,
    ...sync.handlers,
    ...live.handlers,
    ...marketChangesService(ctx).handlers,
    ...watchlist.handlers,
    ...alerts.handlers,
  };
  watch?.watcher.start();
  alerts.start();
  statuses.start();
  const stopTrim = trimYoungGeneration();
  const router = new Router(handlers, { logger: log, ...(opts.checkOutputs ? { checkOutputs: true } : {}) });

  /** The last step: nothing of the core's runs on after it, and a call still under way fails as closing. */
  const shut = (): void => {
    router.closed();
    try {
      orders.abandonSending(ctx.session());
    } catch (err) {
      log.warn('closing: orders being sent could not be marked unknown', { error: err instanceof Error ? err.message : String(err) });
    }
    vault.lock();
    sessions.close();
  };

  return {
    router,
    activity: ctx.activity,
    close(o = {}) {
      if (closing) return closing;
      // Set first: from here every service sees the core closing (no retries, no next step).
      closing = Promise.resolve();
      stopTrim();
      const under = [router.drain(), watch?.watcher.stop(), alerts.stop(), statuses.stop()].filter((p): p is Promise<void> => p !== undefined);
      app.close();
      if (under.length === 0) {
        shut();
        return closing;
      }
      const ms = ctx.activity.busy() ? (o.ordersGraceMs ?? CLOSE_ORDERS_GRACE_MS) : (o.graceMs ?? CLOSE_GRACE_MS);
      closing = bounded(Promise.all(under), ms).then(() => {
        if (router.busy() > 0 || ctx.activity.busy()) log.warn('closing: calls still under way were cut short', { calls: router.busy(), orders: ctx.activity.inFlight() });
        shut();
      });
      return closing;
    },
  };
}
