// Order lines to signed orders with exact arithmetic (venue-profile D): price on the market's
// tick, size with at most 2 decimals and at least the minimum, amounts as integer strings of
// base units (6 decimals). Strings and bigints only: no float ever touches an amount.
import type { OrderLine } from '../../../shared/ipc/contract.js';
import { ZERO_BYTES32, type SignableOrder } from '../../../shared/crypto/index.js';

export interface MarketRules {
  /** Tick as a decimal string, e.g. "0.01". */
  tick: string;
  /** Minimum size in tokens, decimal string. */
  minSize: string;
  acceptingOrders: boolean;
  negRisk: boolean;
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

/** Micro units (6 decimals) of a decimal string; null when it has more than 6 decimals. */
export function toMicro(decimal: string): bigint | null {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!m) return null;
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (frac.length > 6) return null;
  return BigInt(m[1] as string) * 1_000_000n + BigInt(frac.padEnd(6, '0') || '0');
}

export function fromMicro(micro: bigint): string {
  const neg = micro < 0n;
  const abs = neg ? -micro : micro;
  const frac = (abs % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${abs / 1_000_000n}${frac ? `.${frac}` : ''}`;
}

/** The nearest price on the tick grid within [tick, 1 − tick]. */
export function snapPrice(price: bigint, tick: bigint): bigint {
  const snapped = ((price + tick / 2n) / tick) * tick;
  return snapped < tick ? tick : snapped > 1_000_000n - tick ? 1_000_000n - tick : snapped;
}

export function checkLine(line: Pick<OrderLine, 'price' | 'size' | 'side'>, rules: MarketRules): { built?: BuiltLine; problems: Problem[]; snapped?: bigint } {
  const problems: Problem[] = [];
  const tick = toMicro(rules.tick) ?? 10_000n;
  const minSize = toMicro(rules.minSize) ?? 0n;
  const price = toMicro(line.price);
  const size = toMicro(line.size);
  if (!rules.acceptingOrders) problems.push({ field: 'market', message: 'this market is not accepting orders' });
  let snapped: bigint | undefined;
  if (price === null) problems.push({ field: 'price', message: `price ${line.price} has more than 6 decimals` });
  else {
    snapped = snapPrice(price, tick);
    if (price % tick !== 0n) problems.push({ field: 'price', message: `price ${line.price} is not on the ${rules.tick} tick; nearest is ${fromMicro(snapped)}` });
    else if (price < tick || price > 1_000_000n - tick) problems.push({ field: 'price', message: `price must be from ${rules.tick} to ${fromMicro(1_000_000n - tick)}` });
  }
  if (size === null || size % 10_000n !== 0n) problems.push({ field: 'size', message: `size ${line.size} may have at most 2 decimals` });
  else if (size <= 0n) problems.push({ field: 'size', message: 'size must be above 0' });
  else if (size < minSize) problems.push({ field: 'size', message: `size ${line.size} is below this market's minimum of ${rules.minSize}` });
  if (problems.length > 0 || price === null || size === null) return { problems, ...(snapped !== undefined ? { snapped } : {}) };
  const cash = (size * price) / 1_000_000n; // exact: 2 size decimals × ≤ 4 price decimals
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
