// How a designated market maker quotes a binary market around its fair price: shared by the
// world generator (the books a world starts with) and the liquidity simulator (which keeps
// them), so both lay out the same books. The No book mirrors the Yes book: No bid = 1 − Yes ask.
import { MICROS_PER_CENT } from '@shared/domain/units.js';
import { MICRO } from '../money.js';

export interface Quote {
  side: 'BUY' | 'SELL';
  price: number; // micro
  size: number; // micro tokens
}

/** Paper cash a seeded market maker starts with and is topped up to. */
export const MAKER_CASH = 5_000_000 * MICRO;
/** How much further out than the best quote a maker's second level rests. */
const OUTER_STEP = 20_000;

/** The number of designated makers among `wallets` seeded wallets: the first ones. */
export function makerCount(wallets: number): number {
  return Math.max(2, Math.round(wallets * 0.05));
}

/** Which of the `makers` quotes a market: fixed by its condition id. */
export function quoteMaker(conditionId: string, makers: number): number {
  return parseInt(conditionId.slice(2, 10), 16) % makers;
}

/** Half the quoted spread: a cent on cent ticks, three ticks on finer ones. */
export function halfSpread(tick: number): number {
  return Math.max(tick, Math.min(Number(MICROS_PER_CENT), 3 * tick));
}

/** A fair probability as the price the maker centres on: on the tick grid, inside (0, 1). */
export function centreOf(fair: number, tick: number): number {
  return Math.min(MICRO - tick, Math.max(tick, Math.round((fair * MICRO) / tick) * tick));
}

/** The best bid and ask around a centre: never crossed, never outside [tick, 1 − tick]. */
export function innerQuotes(centre: number, tick: number): { bid: number; ask: number } {
  const h = halfSpread(tick);
  return { bid: Math.max(tick, centre - h), ask: Math.min(MICRO - tick, centre + h) };
}

/**
 * The maker's orders on outcome 0 and outcome 1 around `centre` (the price of outcome 0): a best
 * level of `inner` tokens a side, and `outer` tokens two cents further out where that fits.
 */
export function quoteBooks(centre: number, tick: number, inner: number, outer: number): [Quote[], Quote[]] {
  const { bid, ask } = innerQuotes(centre, tick);
  const yes: Quote[] = [
    { side: 'BUY', price: bid, size: inner },
    { side: 'SELL', price: ask, size: inner },
  ];
  if (bid - OUTER_STEP >= tick) yes.push({ side: 'BUY', price: bid - OUTER_STEP, size: outer });
  if (ask + OUTER_STEP <= MICRO - tick) yes.push({ side: 'SELL', price: ask + OUTER_STEP, size: outer });
  const no = yes.map((q): Quote => ({ side: q.side === 'BUY' ? 'SELL' : 'BUY', price: MICRO - q.price, size: q.size }));
  return [yes, no];
}

/** Tokens of each outcome the maker must hold to rest its asks. */
export function askTokens(books: [Quote[], Quote[]]): [number, number] {
  const sum = (qs: Quote[]): number => qs.reduce((n, q) => n + (q.side === 'SELL' ? q.size : 0), 0);
  return [sum(books[0]), sum(books[1])];
}
