// One reading of a market's rules where its sources can disagree: the trading surface's market,
// its market settings and its catalog record each state negative risk, tick, minimum size and
// whether it takes orders, and a venue may contradict itself. Where they disagree the reading
// that risks less wins — no netting credit for negative risk unless every source says so, the
// coarser tick, the larger minimum, closed over open — and the disagreement is said in words.
import type { CatalogMarket, MarketSettings, TradingMarket } from '@shared/spec/index.js';
import { formatMicros, toMicros } from '@shared/domain/money.js';
import type { Session } from '../../session.js';
import { FRESH } from '../../context.js';
import { catalogMarket } from './catalog-reads.js';

export interface MarketSources {
  trading?: TradingMarket | undefined;
  settings?: MarketSettings | undefined;
  catalog?: CatalogMarket | undefined;
}

export interface MarketReading {
  /** True only when every source that says agrees it is negative risk: the batch's cases may net its outcomes. */
  negRisk: boolean;
  /** The coarsest tick any source gives, decimal text; undefined when none does. */
  tick?: string;
  /** The largest minimum size any source gives, decimal text; undefined when none does. */
  minSize?: string;
  /** False when any source says the market is closed, archived, inactive or not accepting orders. */
  acceptingOrders: boolean;
  /** The highest taker fee any source gives, basis points: what a market order is priced with. */
  takerFeeBps?: number;
  /** Each disagreement between sources, in words, with the reading taken. */
  disagreements: string[];
}

const NAMES = { trading: 'the trading market', settings: 'market settings', catalog: 'the catalog' } as const;
type Source = keyof typeof NAMES;

/** "A says x; B and C say y": the sources grouped by what they say. */
function said<T>(values: ReadonlyArray<readonly [Source, T]>, text: (v: T) => string): string {
  const groups = new Map<string, Source[]>();
  for (const [src, v] of values) groups.set(text(v), [...(groups.get(text(v)) ?? []), src]);
  return [...groups].map(([v, srcs]) => `${srcs.map((s) => NAMES[s]).join(' and ')} ${srcs.length > 1 ? 'say' : 'says'} ${v}`).join('; ');
}

const known = <T>(pairs: ReadonlyArray<readonly [Source, T | undefined]>): Array<readonly [Source, T]> => pairs.filter((p): p is readonly [Source, T] => p[1] !== undefined);

/** Whether the catalog-style flags say the market takes orders (undefined when they say nothing). */
function open(f: { active?: boolean | undefined; closed?: boolean | undefined; archived?: boolean | undefined; accepting?: boolean | undefined }): boolean | undefined {
  if (f.closed === true || f.archived === true || f.active === false || f.accepting === false) return false;
  if (f.closed === false || f.accepting === true) return true;
  return undefined;
}

const finite = (v: number | undefined): number | undefined => (v !== undefined && Number.isFinite(v) ? v : undefined);

/** Negative risk as sources say it: true only when at least one says so and none denies it. */
export function agreedNegRisk(values: ReadonlyArray<boolean | undefined>): boolean {
  const k = values.filter((v): v is boolean => v !== undefined);
  return k.length > 0 && k.every((v) => v);
}

export function readMarket(src: MarketSources): MarketReading {
  const disagreements: string[] = [];
  const neg = known<boolean>([['trading', src.trading?.neg_risk], ['settings', src.settings?.nr], ['catalog', src.catalog?.negRisk]]);
  const negRisk = agreedNegRisk(neg.map(([, v]) => v));
  if (new Set(neg.map(([, v]) => v)).size > 1) {
    disagreements.push(`Negative risk: ${said(neg, (v) => (v ? 'yes' : 'no'))}. Read as no: the worst case takes no credit for outcomes that exclude each other.`);
  }
  const micros = (v: number | undefined): bigint | undefined => (v === undefined ? undefined : toMicros(v));
  const ticks = known<bigint>([['trading', micros(src.trading?.minimum_tick_size)], ['settings', micros(src.settings?.mts)], ['catalog', micros(src.catalog?.orderPriceMinTickSize)]]).filter(([, v]) => v > 0n);
  const tick = ticks.length ? ticks.reduce((a, [, v]) => (v > a ? v : a), 0n) : undefined;
  if (new Set(ticks.map(([, v]) => v)).size > 1 && tick !== undefined) {
    disagreements.push(`Tick size: ${said(ticks, formatMicros)}. Prices use the coarser ${formatMicros(tick)}.`);
  }
  const mins = known<bigint>([['trading', micros(src.trading?.minimum_order_size)], ['settings', micros(src.settings?.mos)], ['catalog', micros(src.catalog?.orderMinSize)]]);
  const minSize = mins.length ? mins.reduce((a, [, v]) => (v > a ? v : a), 0n) : undefined;
  if (new Set(mins.map(([, v]) => v)).size > 1 && minSize !== undefined) {
    disagreements.push(`Minimum size: ${said(mins, formatMicros)}. Sizes must reach the larger ${formatMicros(minSize)}.`);
  }
  const status = known<boolean>([
    ['trading', src.trading ? open({ active: src.trading.active, closed: src.trading.closed, archived: src.trading.archived, accepting: src.trading.accepting_orders }) : undefined],
    ['catalog', src.catalog ? open({ active: src.catalog.active, closed: src.catalog.closed, archived: src.catalog.archived, accepting: src.catalog.acceptingOrders }) : undefined],
  ]);
  const acceptingOrders = status.length > 0 && status.every(([, v]) => v);
  if (new Set(status.map(([, v]) => v)).size > 1) {
    disagreements.push(`Status: ${said(status, (v) => (v ? 'open for orders' : 'closed or not accepting orders'))}. Treated as not accepting orders.`);
  }
  const fees = known<number>([['trading', finite(src.trading?.taker_base_fee)], ['settings', finite(src.settings?.tbf)]]);
  const takerFeeBps = fees.length ? Math.max(...fees.map(([, v]) => v)) : undefined;
  if (new Set(fees.map(([, v]) => v)).size > 1 && takerFeeBps !== undefined) {
    disagreements.push(`Taker fee: ${said(fees, (v) => `${v} bps`)}. Fees are figured at the higher ${takerFeeBps} bps.`);
  }
  return {
    negRisk, ...(tick !== undefined ? { tick: formatMicros(tick) } : {}), ...(minSize !== undefined ? { minSize: formatMicros(minSize) } : {}), acceptingOrders,
    ...(takerFeeBps !== undefined ? { takerFeeBps } : {}), disagreements,
  };
}

/**
 * A market's sources read (trading market and settings must answer; the catalog record is
 * asked too, and left out when it cannot be read) and reconciled.
 */
export async function marketReading(
  s: Session,
  market: (s: Session, conditionId: string, maxAge: number) => Promise<TradingMarket>,
  conditionId: string,
  maxAge: number,
): Promise<MarketReading & { sources: MarketSources }> {
  const [settings, trading, catalog] = await Promise.all([
    s.cached('trading', `/clob-markets/${conditionId}`, {}, FRESH.settings, () => s.clients.trading.settings(conditionId)).then((r) => r.data),
    market(s, conditionId, maxAge),
    catalogMarket(s, conditionId).then(
      (r) => r.data[0],
      () => undefined,
    ),
  ]);
  const sources = { settings, trading, catalog };
  return { ...readMarket(sources), sources };
}
