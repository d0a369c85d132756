// Price alerts: an outcome's price reaching a level, a tight spread, a busy day's volume. Judged
// in the core whenever prices arrive — `checkAlerts(prices)` is called by every read that sees
// them (quotes, the price map, a market's catalog record, the live feed's pushes) — and, for
// markets with alerts that nothing else has read for a while, on a timer. An alert fires once per
// crossing: it raises a notice (`notices.raised`, kind 'alert'; an OS notification under
// Electron) and records the time; it is armed again once its condition stops holding.
import { formatMicros, parseMicros } from '@shared/domain/money.js';
import type { AlertCondition } from '@shared/ipc/watchlist.js';
import type { CallArgs } from '@shared/ipc/contract.js';
import { liveBest } from '../../live/serve.js';
import { AppError } from '../../router.js';
import { perSession, type Session } from '../../session.js';
import type { AlertRow, AlertRule } from '../../user-data/watchlist.js';
import { alertOut, holds, Readings, ruleWords, valueWords, type PriceSeen } from './alert-rules.js';
import { FRESH, type CoreContext, type HandlersOf } from '../../context.js';
import { sweepTimer } from '../../sweeps.js';
import type { Markets } from '../markets/markets.js';
import type { PriceReadings } from '../../readings.js';
import { cachedMarkets, catalogMarket } from '../markets/catalog-reads.js';

export type { PriceSeen } from './alert-rules.js';

/** Markets with alerts that no read has priced for this long are read by the timer. */
const ALERTS_EVERY = 30_000;

export interface AlertsOptions {
  /** `false` turns the timer off (prices arriving are still checked); `everyMs` is 30 s unless said. */
  alerts?: false | { everyMs?: number };
}

export type Alerts = ReturnType<typeof alertsDomain>;

type Condition = Extract<AlertCondition, { kind: string }>;

export function alertsDomain(ctx: CoreContext, opts: AlertsOptions, deps: { markets: Markets; readings: PriceReadings }) {
  // The latest readings, and when each alert was last judged (by id).
  const readings = perSession(() => ({ seen: new Readings(), pricedAt: new Map<number, number>() }));
  const now = () => ctx.clock.now();

  const notify = (s: Session, a: AlertRow, value: bigint): void => {
    ctx.emit('notices.raised', {
      kind: 'alert',
      title: `Alert — ${ruleWords(a)}`,
      body: `${a.kind === 'price' ? `${a.outcomeLabel ?? 'Outcome'} at` : a.kind === 'spread' ? 'Spread' : '24h volume'} ${valueWords(a, value)} · ${a.question}`,
      conditionId: a.conditionId,
      at: now(),
    });
    ctx.log.info('price alert fired', { profile: s.profile.id, alert: a.id, value: formatMicros(value) });
  };

  /**
   * Takes in price readings and judges the alerts they concern: each that crosses fires, once.
   * Cheap when no alert names the tokens or markets read.
   */
  const checkAlerts = (prices: Iterable<PriceSeen>, s: Session = ctx.session()): void => {
    if (!s.isOpen) return;
    const r = readings(s);
    const changed = r.seen.take(prices, now());
    if (changed.tokens.size === 0 && changed.markets.size === 0) return;
    for (const a of s.user.watch.activeAlerts()) {
      if (!changed.markets.has(a.conditionId) && !a.tokens.some((t) => changed.tokens.has(t))) continue;
      const value = r.seen.valueOf(a);
      if (value === undefined) continue;
      r.pricedAt.set(a.id, now());
      const met = holds(a, value);
      // Nothing new: the same value, and the state it already records.
      if (a.value === value && a.armed !== met) continue;
      const fired = s.user.watch.observe(a.id, value, met);
      if (fired) notify(s, a, value);
      if (fired || a.armed === met) ctx.emit('alerts.changed', { id: a.id, fired });
    }
  };

  /** Reads what the market's alerts compare from the venue (or the live feed), as readings. */
  const readMarket = async (s: Session, conditionId: string, tokens: readonly string[], kinds: ReadonlySet<AlertRow['kind']>): Promise<PriceSeen[]> => {
    const out: PriceSeen[] = [];
    if (kinds.has('price') || kinds.has('spread')) {
      const ids = [...tokens];
      const live = liveBest(s, ids);
      const best = live
        ? { data: live, fetchedAt: now() }
        : await s.cached('trading', '/prices', { tokens: [...ids].sort().join(',') }, FRESH.prices, () => s.clients.trading.prices(ids.map((token_id) => ({ token_id }))));
      const last = await s.cached('trading', '/last-trades-prices', { tokens: [...ids].sort().join(',') }, FRESH.prices, () => s.clients.trading.lastTradesPrices(ids));
      for (const t of ids) {
        const b = (best.data as Record<string, { BUY?: string; SELL?: string }>)[t] ?? {};
        out.push({ tokenId: t, conditionId, bestBid: b.BUY ?? null, bestAsk: b.SELL ?? null, at: best.fetchedAt });
        const l = s.live.lastTrade(t)?.price ?? last.data.find((x) => x.token_id === t)?.price;
        if (l) out.push({ tokenId: t, last: l, at: s.live.lastTrade(t) ? now() : last.fetchedAt });
      }
    }
    if (kinds.has('volume24h')) {
      const r = await catalogMarket(s, conditionId);
      const m = r.data[0];
      if (m?.volume24hr !== undefined) out.push({ conditionId, volume24hr: m.volume24hr, at: r.fetchedAt });
    }
    return out;
  };

  /** One pass of the timer: markets with alerts not priced by any read for `every` ms. */
  const sweep = async (every: number): Promise<void> => {
    const s = ctx.session();
    if (!s.isOpen) return;
    const r = readings(s);
    const byMarket = new Map<string, AlertRow[]>();
    for (const a of s.user.watch.activeAlerts()) {
      if (now() - (r.pricedAt.get(a.id) ?? -Infinity) < every) continue;
      byMarket.set(a.conditionId, [...(byMarket.get(a.conditionId) ?? []), a]);
    }
    for (const [cid, alerts] of byMarket) {
      if (!s.isOpen || ctx.closing()) return;
      const tokens = alerts.find((a) => a.tokens.length)?.tokens ?? [];
      try {
        checkAlerts(await readMarket(s, cid, tokens, new Set(alerts.map((a) => a.kind))), s);
      } catch (err) {
        const e = err as { name?: string; message?: string };
        // The venue away is said on the screens; the next pass tries again. A read cut short by
        // the app closing is no failure.
        if (e.name !== 'NetworkError' && s.isOpen && !ctx.closing()) ctx.log.warn('reading prices for alerts failed', { market: cid, error: e.message ?? String(err) });
      }
    }
  };

  /** The rule of a condition on this market: its outcome's label and token, its threshold in micros. */
  const ruleOf = (c: Condition, tokens: ReadonlyArray<{ token_id: string; outcome?: string | undefined }>, conditionId: string): AlertRule => {
    if (c.kind === 'price') {
      const t = tokens[c.outcome];
      if (!t) throw new AppError('INVALID_INPUT', `market ${conditionId} has ${tokens.length} outcomes: there is no outcome ${c.outcome + 1}`, { field: 'condition.outcome' });
      return { kind: 'price', outcome: c.outcome, outcomeLabel: t.outcome ?? `Outcome ${c.outcome + 1}`, tokenId: t.token_id, op: c.op, threshold: parseMicros(c.price) as bigint };
    }
    if (c.kind === 'spread') return { kind: 'spread', threshold: parseMicros(c.max) as bigint };
    return { kind: 'volume24h', threshold: parseMicros(c.min) as bigint };
  };

  /** Whether the rule should fire on its next check: not when its condition holds now (that is no crossing). */
  const armedNow = async (s: Session, conditionId: string, tokens: string[], rule: AlertRule): Promise<{ armed: boolean; value?: bigint }> => {
    try {
      checkAlerts(await readMarket(s, conditionId, tokens, new Set([rule.kind])), s);
    } catch {
      // Not read now: judged when prices next arrive, and fires then if it holds.
    }
    const value = readings(s).seen.valueOf({ ...rule, tokens, conditionId });
    return value === undefined ? { armed: true } : { armed: !holds(rule, value), value };
  };

  const out = (s: Session, id: number) => {
    const a = s.user.watch.alert(id);
    if (!a) throw new AppError('NOT_FOUND', `no alert ${id} on ${s.profile.name}`);
    return alertOut(a, s.user.watch.fires(id));
  };

  const create = async ({ conditionId: raw, ref, condition }: CallArgs<'alerts.create'>) => {
    const s = ctx.session();
    const conditionId = raw.toLowerCase();
    const m = await deps.markets.market(s, conditionId, FRESH.settings);
    const tokens = m.tokens.map((t) => ({ token_id: String(t.token_id), outcome: t.outcome === undefined ? undefined : String(t.outcome) }));
    const rule = ruleOf(condition as Condition, tokens, conditionId);
    const ids = tokens.map((t) => t.token_id);
    const { armed, value } = await armedNow(s, conditionId, ids, rule);
    s.check();
    const id = s.user.watch.addAlert({ ...rule, conditionId, ref: ref ?? cachedMarkets(s, [conditionId]).get(conditionId)?.id ?? conditionId, question: String(m.question ?? conditionId), tokens: ids, armed, value });
    ctx.emit('alerts.changed', { id, fired: false });
    return out(s, id);
  };

  const update = async ({ id, paused, condition }: CallArgs<'alerts.update'>) => {
    const s = ctx.session();
    const a = s.user.watch.alert(id);
    if (!a) throw new AppError('NOT_FOUND', `no alert ${id} on ${s.profile.name}`);
    let rule: (AlertRule & { armed: boolean }) | undefined;
    const resumed = paused === false && a.paused;
    if (condition || resumed) {
      // A new condition, or an alert resumed, is judged afresh: it fires on the next crossing.
      const m = condition ? await deps.markets.market(s, a.conditionId, FRESH.settings) : undefined;
      const next = m ? ruleOf(condition as Condition, m.tokens.map((t) => ({ token_id: String(t.token_id), outcome: t.outcome === undefined ? undefined : String(t.outcome) })), a.conditionId) : a;
      const { armed } = await armedNow(s, a.conditionId, a.tokens, next);
      rule = { kind: next.kind, outcome: next.outcome, outcomeLabel: next.outcomeLabel, tokenId: next.tokenId, op: next.op, threshold: next.threshold, armed };
    }
    s.check();
    s.user.watch.updateAlert(id, { ...(rule ? { rule } : {}), ...(paused !== undefined ? { paused } : {}) });
    ctx.emit('alerts.changed', { id, fired: false });
    return out(s, id);
  };

  const handlers: HandlersOf<'alerts.list' | 'alerts.create' | 'alerts.update' | 'alerts.remove'> = {
    'alerts.list': () => {
      const s = ctx.session();
      return s.user.watch.alerts().map((a) => alertOut(a, s.user.watch.fires(a.id)));
    },
    'alerts.create': create,
    'alerts.update': update,
    'alerts.remove': ({ id }) => {
      const removed = ctx.session().user.watch.removeAlert(id);
      if (removed) ctx.emit('alerts.changed', { id, fired: false });
      return { removed };
    },
  };

  const every = opts.alerts === false ? undefined : (opts.alerts?.everyMs ?? ALERTS_EVERY);
  const timer = sweepTimer(ctx, every, () => sweep(every ?? ALERTS_EVERY), 'checking alerts failed');
  // Every price read and live push is a reading to judge the alerts by.
  deps.readings.on((seen, s) => checkAlerts(seen, s));
  return {
    name: 'alerts',
    handlers,
    checkAlerts,
    /** One sweep now (tests; the timer's own pass). */
    sweep: () => sweep(every ?? ALERTS_EVERY),
    start: timer.start,
    stop: timer.stop,
  };
}
