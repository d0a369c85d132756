// What an order of the journal got for what it matched, from the venue's answer: the amounts it
// reported on arrival (base units, 6 decimals: micro units) and, for what matched later while the
// order rested, its own limit price — a resting order only ever fills at its price.
import { feeMicros } from '@shared/domain/fees.js';
import { formatMicros, parseMicros } from '@shared/domain/money.js';
import { cashFor, exactPrice, MICROS_PER_SHARE } from '@shared/domain/units.js';

const INT = /^\d{1,40}$/;

/** What the venue's answer says matched on arrival: tokens and cash (fees counted as it counted them). */
export function arrivalFill(side: 'BUY' | 'SELL', makingAmount: string | null | undefined, takingAmount: string | null | undefined): { tokens: bigint; cash: bigint } | undefined {
  if (!makingAmount || !takingAmount || !INT.test(makingAmount) || !INT.test(takingAmount)) return undefined;
  const making = BigInt(makingAmount);
  const taking = BigInt(takingAmount);
  // A BUY gives cash and takes tokens; a SELL gives tokens and takes cash.
  return side === 'BUY' ? { tokens: taking, cash: making } : { tokens: making, cash: taking };
}

export interface FillFacts {
  side: 'BUY' | 'SELL';
  price: string;
  sizeMatched: string;
  status: string | null | undefined;
  makingAmount: string | null | undefined;
  takingAmount: string | null | undefined;
}

/**
 * The average price of what the order matched, exactly (decimal text, rounded half up to 6
 * places), or undefined where it is not known: nothing matched, or a fill of an order whose
 * answer was lost or that the venue delayed (it then took whatever the book offered).
 */
export function averagePrice(f: FillFacts): string | undefined {
  const matched = parseMicros(f.sizeMatched) ?? 0n;
  const price = parseMicros(f.price);
  if (matched <= 0n || price === null) return undefined;
  const arrival = arrivalFill(f.side, f.makingAmount, f.takingAmount);
  if (!arrival || arrival.tokens === 0n) return f.status === 'live' ? formatMicros(price) : undefined;
  const total = matched > arrival.tokens ? matched : arrival.tokens;
  // Cash over tokens, scaled by a share, is the price in micro units; the part matched later is at the limit.
  const numerator = arrival.cash * MICROS_PER_SHARE + (total - arrival.tokens) * price;
  return formatMicros(halfUp(numerator, total));
}

/** `scaled` (cash in micro units times a share) over `tokens`: a price in micro units, rounded half up. */
const halfUp = (scaled: bigint, tokens: bigint): bigint => (scaled * 2n + tokens) / (2n * tokens);

/**
 * The price an order filled at on arrival and the fee it paid, apart: `fee` beside an exact
 * price, or, where the amounts are not one grid price and its fee, their average with the fee in.
 */
export type ArrivalPrice = { price: bigint; fee: bigint } | { price: bigint; feeIncluded: true };

/**
 * What the venue's amounts say an order matched at on arrival. They count the taker fee in (a
 * BUY gave cash + fee, a SELL took cash − fee), at `takerFeeBps` as fees.ts figures it, rounded
 * down per fill: so the grid price whose cash and largest fee bracket the amounts is the price
 * the order filled at, exactly, and the rest of the amounts its fee (several fills at one price
 * may each round a micro down). A sweep over prices on one side of 50¢ pays a fee in proportion,
 * so its average comes out too when it is a grid price; otherwise the average, fee included.
 */
export function arrivalPrice(side: 'BUY' | 'SELL', makingAmount: string | null | undefined, takingAmount: string | null | undefined, rules: { tick: string; takerFeeBps?: number | undefined }): ArrivalPrice | undefined {
  const arrival = arrivalFill(side, makingAmount, takingAmount);
  if (!arrival || arrival.tokens === 0n) return undefined;
  const { tokens, cash } = arrival;
  const bps = rules.takerFeeBps ?? 0;
  const tick = parseMicros(rules.tick);
  if (bps <= 0 || !tick) return { price: exactPrice(cash, tokens) ?? halfUp(cash * MICROS_PER_SHARE, tokens), fee: 0n };
  // From the grid price nearest the amounts' own, toward where the fee lies (down for a BUY, up
  // for a SELL): each step adds a tick's cash to the fee but less than that to the largest fee,
  // so the last price whose fee fits is the one.
  const step = side === 'BUY' ? -tick : tick;
  const top = MICROS_PER_SHARE - tick;
  const near = ((cash * MICROS_PER_SHARE) / tokens / tick) * tick - step;
  let price = near < tick ? tick : near > top ? top : near;
  let found: { price: bigint; fee: bigint } | undefined;
  for (; price >= tick && price <= top; price += step) {
    const at = cashFor(tokens, price);
    const fee = side === 'BUY' ? cash - at : at - cash;
    if (fee < 0n) continue;
    if (fee > feeMicros(bps, price, tokens, 'down')) break;
    found = { price, fee };
  }
  return found ?? { price: halfUp(cash * MICROS_PER_SHARE, tokens), feeIncluded: true };
}

export interface VenueAnswer {
  success?: boolean | undefined;
  status?: string | undefined;
  makingAmount?: string | undefined;
  takingAmount?: string | undefined;
}

/**
 * The journal state an answer leaves an order in, with the size that matched on arrival where
 * the answer tells it. `matched` covers a partial fill too: a GTC/GTD order then rests with the
 * rest, a FAK order's rest is cancelled.
 */
export function stateOfAnswer(line: { side: 'BUY' | 'SELL'; size: string; type: string }, a: VenueAnswer | undefined): { state: 'open' | 'partly_filled' | 'filled' | 'cancelled' | 'rejected'; sizeMatched?: string } {
  if (!a?.success) return { state: 'rejected' };
  const size = parseMicros(line.size) ?? 0n;
  const arrival = arrivalFill(line.side, a.makingAmount, a.takingAmount);
  const rests = line.type === 'GTC' || line.type === 'GTD';
  if (a.status === 'live' || a.status === 'delayed') return arrival && arrival.tokens > 0n ? { state: 'partly_filled', sizeMatched: formatMicros(arrival.tokens) } : { state: 'open' };
  if (a.status === 'unmatched') return { state: 'cancelled', sizeMatched: '0' };
  if (a.status !== 'matched') return { state: 'cancelled' };
  // FOK fills all or nothing; other types without amounts leave the size to the watcher.
  if (!arrival) return line.type === 'FOK' ? { state: 'filled', sizeMatched: line.size } : { state: 'filled' };
  const matched = formatMicros(arrival.tokens);
  if (arrival.tokens >= size) return { state: 'filled', sizeMatched: matched };
  if (rests) return arrival.tokens > 0n ? { state: 'partly_filled', sizeMatched: matched } : { state: 'open' };
  return line.type === 'FOK' ? { state: 'filled', sizeMatched: matched } : { state: 'cancelled', sizeMatched: matched };
}
