// What a signed order's makerAmount and takerAmount stand for: its limit price and size, or why
// they stand for none (INVALID_AMOUNTS and the grid's codes). The one place of that rule.
// Venue-profile D: a size of at most 2 decimals and amounts that are its exact product with the
// price. Beyond the spec (section E), the family's market orders (FOK, FAK) as its clients sign
// them: the amount they are given rounded to cents, the other side divided out to 4 decimals.
import type { OrderType } from '@shared/spec/index.js';
import { formatMicros } from '@shared/domain/money.js';
import { highestPrice, onSizeStep, priceFault } from '@shared/domain/grid.js';
import { exactPrice, MICRO_DECIMALS, MICROS_PER_SHARE } from '@shared/domain/units.js';

/** 10 million tokens: far above any paper balance, far below where doubles lose integers. */
export const MAX_SIZE = 10_000_000n * MICROS_PER_SHARE;
/** The family's market orders: makerAmount (what is given) to cents, as its clients round it. */
export const MARKET_MAKER_DECIMALS = 2;
/**
 * ...and takerAmount to 4 decimals: the family's server caps it there whatever the tick, though
 * its clients sign up to 6 on the finest ticks (orders the server refuses).
 */
export const MARKET_TAKER_DECIMALS = 4;

export interface OrderAmounts {
  side: 'BUY' | 'SELL';
  makerAmount: bigint;
  takerAmount: bigint;
  type: OrderType;
}

export interface Reading {
  /** The limit price, on the market's tick. */
  price: bigint;
  /** Shares, micro-units. */
  size: bigint;
}

export interface AmountsFault {
  code: 'INVALID_AMOUNTS' | 'INVALID_TICK_SIZE' | 'ORDER_SIZE_BELOW_MINIMUM';
  message: string;
}

/** Decimal places of a micro-unit amount (0 to 6). */
function decimalsOf(micros: bigint): number {
  let d = MICRO_DECIMALS;
  for (let v = micros; d > 0 && v % 10n === 0n; v /= 10n) d--;
  return d;
}

/**
 * The most share decimals whose fills cost whole micro-units at every price of this tick (4 at
 * 0.01, 3 at 0.001, 2 at 0.0001), so that fills stay exact; never more than the family's cap.
 */
export function marketShareDecimals(tick: bigint): number {
  let d = MARKET_TAKER_DECIMALS;
  while (d > 0 && (10n ** BigInt(MICRO_DECIMALS - d) * tick) % MICROS_PER_SHARE !== 0n) d--;
  return d;
}

const gridFault = (price: bigint, tick: bigint): AmountsFault => ({
  code: 'INVALID_TICK_SIZE',
  message: `price ${formatMicros(price)} is not a multiple of the tick ${formatMicros(tick)} between ${formatMicros(tick)} and ${formatMicros(highestPrice(tick))}`,
});

/**
 * A family market order's reading: its limit is the price its amounts imply (cash / shares),
 * which crosses the same resting prices as the tick price at or below it for a BUY (at or above
 * for a SELL); that tick price is its limit. So, fees apart, a BUY never pays more than its
 * makerAmount for its shares, and a SELL never gets less than its takerAmount for them.
 */
function marketReading(o: OrderAmounts, size: bigint, cash: bigint, tick: bigint): Reading | AmountsFault {
  const shareDecimals = o.side === 'BUY' ? marketShareDecimals(tick) : MARKET_MAKER_DECIMALS;
  const cashDecimals = o.side === 'BUY' ? MARKET_MAKER_DECIMALS : MARKET_TAKER_DECIMALS;
  const [sizeField, cashField] = o.side === 'BUY' ? ['takerAmount', 'makerAmount'] : ['makerAmount', 'takerAmount'];
  if (decimalsOf(size) > shareDecimals || decimalsOf(cash) > cashDecimals) {
    return {
      code: 'INVALID_AMOUNTS',
      message: `a ${o.type} ${o.side} on this market (tick ${formatMicros(tick)}) carries shares (${sizeField}) to at most ${shareDecimals} decimals and cash (${cashField}) to at most ${cashDecimals}; got ${formatMicros(size)} shares and ${formatMicros(cash)} cash (the specification's grid: a size of at most 2 decimals, amounts its exact product with the price)`,
    };
  }
  const scaled = cash * MICROS_PER_SHARE;
  const implied = o.side === 'BUY' ? scaled / size : (scaled + size - 1n) / size;
  const price = o.side === 'BUY' ? (implied / tick) * tick : ((implied + tick - 1n) / tick) * tick;
  if (priceFault(price, tick) !== undefined) {
    return {
      code: 'INVALID_TICK_SIZE',
      message: `the amounts imply a price of ${formatMicros(implied)}, ${formatMicros(price)} on the tick ${formatMicros(tick)}, outside ${formatMicros(tick)} to ${formatMicros(highestPrice(tick))}`,
    };
  }
  return { price, size };
}

/**
 * The limit price and size of an order's amounts on a market with this tick and minimum size
 * (micro-units), or what is wrong with them. `familyMarketOrders` (outside spec-only) also takes
 * FOK and FAK orders in the family's rounding when the spec's exact amounts do not hold.
 */
export function readAmounts(o: OrderAmounts, market: { tick: bigint; minSize: bigint }, familyMarketOrders: boolean): Reading | AmountsFault {
  const size = o.side === 'BUY' ? o.takerAmount : o.makerAmount;
  const cash = o.side === 'BUY' ? o.makerAmount : o.takerAmount;
  const sizeField = o.side === 'BUY' ? 'takerAmount' : 'makerAmount';
  const fault = (message: string): AmountsFault => ({ code: 'INVALID_AMOUNTS', message });
  if (size <= 0n || cash <= 0n) return fault('makerAmount and takerAmount must both be above 0');
  if (size > MAX_SIZE) return fault(`${sizeField} ${size} is above the venue's largest order (${MAX_SIZE} base units)`);
  const exact = onSizeStep(size) ? exactPrice(cash, size) : undefined;
  let reading: Reading | AmountsFault;
  if (exact !== undefined) {
    reading = priceFault(exact, market.tick) === undefined ? { price: exact, size } : gridFault(exact, market.tick);
  } else if (familyMarketOrders && (o.type === 'FOK' || o.type === 'FAK')) {
    reading = marketReading(o, size, cash, market.tick);
  } else if (!onSizeStep(size)) {
    const hint = familyMarketOrders ? ' (only FOK and FAK orders may carry the family\'s market amounts)' : '';
    return fault(`${sizeField} ${size} gives a size with more than 2 decimals${hint}`);
  } else {
    return fault(`makerAmount/takerAmount ${o.makerAmount}/${o.takerAmount} is not an exact price`);
  }
  if ('code' in reading) return reading;
  if (size < market.minSize) {
    return { code: 'ORDER_SIZE_BELOW_MINIMUM', message: `size ${formatMicros(size)} is below the market's minimum of ${formatMicros(market.minSize)}` };
  }
  return reading;
}
