// A followed wallet as the data surface shows it (spec §4.1 only: /positions and /trades): a
// snapshot of its positions, and its trades since the newest one seen, each known by a key so a
// trade is told once.
import { centsText, groupedText, toMicros, usdText } from '@shared/domain/money.js';
import { cashFor } from '@shared/domain/units.js';
import type { Position, Trade } from '@shared/spec/index.js';
import { FRESH } from '../../context.js';
import type { Session } from '../../session.js';
import type { SnapPosition, Snapshot } from './diff.js';

/** Positions read per page (the spec's most), and pages read at most: the largest 2,000 positions. */
const PAGE = 500;
const PAGES = 4;
/** Trades read per pass: a wallet trading more between two passes has its oldest of them untold. */
const TRADES = 100;

/** A read that came from the cache because the venue could not be reached. */
export class StaleRead extends Error {
  constructor(what: string, fetchedAt: number) {
    super(`the venue could not be reached; its ${what} were last read ${new Date(fetchedAt).toISOString()}`);
    this.name = 'StaleRead';
  }
}

function snapPosition(p: Position): SnapPosition | undefined {
  const size = toMicros(p.size);
  if (size === undefined || !p.conditionId) return undefined;
  const cash = toMicros(p.cashPnl);
  const realised = toMicros(p.realizedPnl);
  const pnl = cash === undefined && realised === undefined ? undefined : (cash ?? 0n) + (realised ?? 0n);
  return {
    asset: p.asset ?? `${p.conditionId}:${p.outcomeIndex ?? ''}`,
    conditionId: p.conditionId.toLowerCase(),
    title: p.title ?? p.conditionId,
    slug: p.slug || undefined,
    outcome: p.outcome ?? (p.outcomeIndex !== undefined ? `Outcome ${p.outcomeIndex + 1}` : ''),
    size,
    pnl,
    price: toMicros(p.curPrice),
  };
}

/** Every position of the wallet (closed ones too, where the venue keeps them), largest first, up to the bound; as of its oldest page. */
export async function readSnapshot(s: Session, address: string): Promise<Snapshot> {
  const positions: SnapPosition[] = [];
  let complete = false;
  let at = Infinity;
  for (let page = 0; page < PAGES; page++) {
    const q = { user: address, limit: PAGE, offset: page * PAGE, sizeThreshold: 0, sortBy: 'CURRENT', sortDirection: 'DESC' } as const;
    const r = await s.cached('data', '/positions', q, FRESH.data, () => s.clients.data.positions(q));
    if (r.stale) throw new StaleRead('positions', r.fetchedAt);
    at = Math.min(at, r.fetchedAt);
    for (const p of r.data) {
      const sp = snapPosition(p);
      if (sp) positions.push(sp);
    }
    if (r.data.length + (r.filtered ?? 0) < PAGE) {
      complete = true;
      break;
    }
  }
  return { at, complete, positions };
}

export interface SeenTrade {
  key: string;
  at: number;
  trade: Trade;
  /** Cash of the fill (micros): the venue's usdcSize, else size × price. */
  cash: bigint | undefined;
}

/**
 * Keys the trades by what identifies a fill — its transaction, market, outcome, side, price, size
 * and second — counting identical fills of one transaction apart. Trades without a second are
 * left out: they cannot be placed before or after the newest one seen.
 */
export function keyed(trades: readonly Trade[]): SeenTrade[] {
  const count = new Map<string, number>();
  const out: SeenTrade[] = [];
  for (const t of trades) {
    if (t.timestamp === undefined) continue;
    const size = toMicros(t.size);
    const price = toMicros(t.price);
    const base = [t.transactionHash ?? '', (t.conditionId ?? '').toLowerCase(), t.asset ?? '', t.outcomeIndex ?? '', t.side ?? '', price ?? '', size ?? '', t.timestamp].join('|');
    const n = (count.get(base) ?? 0) + 1;
    count.set(base, n);
    const cash = toMicros(t.usdcSize) ?? (size !== undefined && price !== undefined ? cashFor(size, price) : undefined);
    out.push({ key: `${base}#${n}`, at: t.timestamp, trade: t, cash });
  }
  return out;
}

/** The wallet's newest trades (its own side of every fill, maker or taker). */
export async function readTrades(s: Session, address: string): Promise<Trade[]> {
  const q = { user: address, limit: TRADES, takerOnly: false } as const;
  const r = await s.cached('data', '/trades', q, FRESH.data, () => s.clients.data.trades(q));
  if (r.stale) throw new StaleRead('trades', r.fetchedAt);
  return r.data;
}

/**
 * The trades newer than the watermark (the newest second seen and the keys of its trades), and
 * the watermark after them. Without one (the first read) every trade is old: following a wallet
 * tells of what it does from then on (a wallet with no trades yet gets second 0, so its first is told).
 */
export function newTrades(trades: readonly SeenTrade[], mark: { ts: number | undefined; keys: readonly string[] }): { fresh: SeenTrade[]; ts: number; keys: string[] } {
  const newest = trades.reduce<number | undefined>((m, t) => (m === undefined || t.at > m ? t.at : m), undefined);
  if (mark.ts === undefined) return { fresh: [], ts: newest ?? 0, keys: trades.filter((t) => t.at === newest).map((t) => t.key) };
  const known = new Set(mark.keys);
  const fresh = trades.filter((t) => t.at > (mark.ts as number) || (t.at === mark.ts && !known.has(t.key)));
  const ts: number = newest === undefined || newest < mark.ts ? mark.ts : newest;
  const keys = ts === mark.ts ? [...new Set([...mark.keys, ...trades.filter((t) => t.at === ts).map((t) => t.key)])] : trades.filter((t) => t.at === ts).map((t) => t.key);
  return { fresh: fresh.sort((a, b) => a.at - b.at), ts, keys };
}

/** A trade in words: "Buy 50 Yes at 45¢ ($22.50) · question". */
export function tradeWords(t: SeenTrade): string {
  const size = toMicros(t.trade.size);
  const what = [t.trade.side === 'SELL' ? 'Sell' : 'Buy', size !== undefined ? groupedText(size) : '?', t.trade.outcome || undefined, 'at', centsText(toMicros(t.trade.price))]
    .filter(Boolean)
    .join(' ');
  const cash = t.cash !== undefined ? ` (${usdText(t.cash)})` : '';
  return `${what}${cash}${t.trade.title ? ` · ${t.trade.title}` : ''}`;
}
