// Order lines to signed orders with exact arithmetic (venue-profile D): price on the market's
// tick, size with at most 2 decimals and at least the minimum, amounts as integer strings of
// base units (6 decimals). Strings and bigints only: no float ever touches an amount. The rules
// are the shared grid's; the words are the core's.
import type { OrderLine } from '@shared/ipc/contract.js';
import { ZERO_BYTES32, type SignableOrder } from '@shared/crypto/index.js';
import { centsText, parseMicros } from '@shared/domain/money.js';
import { DEFAULT_TICK, highestPrice, priceFault, sizeFault, snapPrice, tickNeighbours } from '@shared/domain/grid.js';
import { cashFor } from '@shared/domain/units.js';

export interface MarketRules {
  /** Tick as a decimal string, e.g. "0.01". */
  tick: string;
  /** Minimum size in tokens, decimal string. */
  minSize: string;
  acceptingOrders: boolean;
  negRisk: boolean;
  takerFeeBps?: number;
  makerFeeBps?: number;
}

export interface Problem {
  field: string;
  message: string;
}

export interface BuiltLine {
  price: bigint; // micro
  size: bigint; // micro tokens
  makerAmount: bigint;
  takerAmount: bigint;
}

/** The grid prices either side of an off-grid price that an order may carry: "36.5¢ or 36.6¢". */
function nearest(price: bigint, tick: bigint): string {
  const near = tickNeighbours(price, tick);
  return near.length ? near.map(centsText).join(' or ') : centsText(snapPrice(price, tick));
}

export function checkLine(line: Pick<OrderLine, 'price' | 'size' | 'side'>, rules: MarketRules): { built?: BuiltLine; problems: Problem[]; snapped?: bigint } {
  const problems: Problem[] = [];
  const tick = parseMicros(rules.tick) ?? DEFAULT_TICK;
  const minSize = parseMicros(rules.minSize) ?? 0n;
  const price = parseMicros(line.price);
  const size = parseMicros(line.size);
  if (!rules.acceptingOrders) problems.push({ field: 'market', message: 'this market is not accepting orders' });
  let snapped: bigint | undefined;
  if (price === null) problems.push({ field: 'price', message: `price ${line.price} has more than 6 decimals` });
  else {
    snapped = snapPrice(price, tick);
    // Said in cents, as the price is typed; both neighbours on the grid, within the band.
    const fault = priceFault(price, tick);
    if (fault === 'off-tick') problems.push({ field: 'price', message: `${centsText(price)} is not on the ${centsText(tick)} tick; nearest ${nearest(price, tick)}` });
    else if (fault === 'out-of-band') problems.push({ field: 'price', message: `the price must be from ${centsText(tick)} to ${centsText(highestPrice(tick))}` });
  }
  const sizeWrong = size === null ? 'off-step' : sizeFault(size, minSize);
  if (sizeWrong === 'off-step') problems.push({ field: 'size', message: `size ${line.size} may have at most 2 decimals` });
  else if (sizeWrong === 'not-positive') problems.push({ field: 'size', message: 'size must be above 0' });
  else if (sizeWrong === 'below-minimum') problems.push({ field: 'size', message: `size ${line.size} is below this market's minimum of ${rules.minSize}` });
  if (problems.length > 0 || price === null || size === null) return { problems, ...(snapped !== undefined ? { snapped } : {}) };
  const cash = cashFor(size, price); // exact: 2 size decimals × ≤ 4 price decimals
  return {
    problems,
    built: { price, size, makerAmount: line.side === 'BUY' ? cash : size, takerAmount: line.side === 'BUY' ? size : cash },
  };
}

export function signable(line: Pick<OrderLine, 'tokenId' | 'side'>, built: BuiltLine, address: string, salt: bigint, nowMs: number): SignableOrder {
  return {
    salt: salt.toString(),
    maker: address,
    signer: address,
    tokenId: line.tokenId,
    makerAmount: built.makerAmount.toString(),
    takerAmount: built.takerAmount.toString(),
    side: line.side === 'BUY' ? 0 : 1,
    signatureType: 0,
    timestamp: String(nowMs),
    metadata: ZERO_BYTES32,
    builder: ZERO_BYTES32,
  };
}
