// What a checked line means in money, exactly (micro-units as bigint): cost, payout, worst case,
// fee, and how it meets the current best opposite price. Also the batch check against the
// account's cash and tokens, line by line in the order they will be sent.
import { feeMicros } from '@shared/domain/fees.js';
import { formatMicros, groupedText, usdText } from '@shared/domain/money.js';
import { cashFor } from '@shared/domain/units.js';
import type { BuiltLine, Problem } from './build.js';

export interface Economics {
  cost: string;
  shares: string;
  payoutIfRight: string;
  maxLoss: string;
  fee: string;
  execution: 'rests' | 'crosses' | 'killed' | 'rejected';
  bestOpposite?: string;
}

export interface LineContext {
  side: 'BUY' | 'SELL';
  type: 'GTC' | 'GTD' | 'FOK' | 'FAK';
  postOnly: boolean;
  /** Best ask for a BUY, best bid for a SELL (micro), when the book has one. */
  bestOpposite: bigint | undefined;
  takerFeeBps: number;
  makerFeeBps: number;
}

export function economics(b: BuiltLine, c: LineContext): Economics {
  const crosses = c.bestOpposite !== undefined && (c.side === 'BUY' ? b.price >= c.bestOpposite : b.price <= c.bestOpposite);
  const execution: Economics['execution'] = crosses ? (c.postOnly ? 'rejected' : 'crosses') : c.type === 'FOK' || c.type === 'FAK' ? 'killed' : 'rests';
  // Rounded up: the preview and the batch check never promise less than the venue takes.
  const bps = execution === 'crosses' ? c.takerFeeBps : execution === 'rests' ? c.makerFeeBps : 0;
  const fee = feeMicros(bps, b.price, b.size, 'up');
  const notional = cashFor(b.size, b.price);
  const buy = c.side === 'BUY';
  return {
    cost: formatMicros(buy ? notional + fee : -(notional - fee)),
    shares: formatMicros(b.size),
    // A BUY is paid the size if right; a SELL gives that payout up.
    payoutIfRight: formatMicros(b.size),
    maxLoss: formatMicros(buy ? notional + fee : b.size - notional + fee),
    fee: formatMicros(fee),
    execution,
    ...(c.bestOpposite !== undefined ? { bestOpposite: formatMicros(c.bestOpposite) } : {}),
  };
}

export interface Holdings {
  /** Cash not reserved by open orders (micro); undefined when the venue cannot say. */
  cash?: bigint | undefined;
  /** Tokens per token id not reserved by open sell orders (micro); undefined when unknown. */
  tokens?: Map<string, bigint> | undefined;
}

/**
 * Walks the batch in send order, spending cash on BUYs and tokens on SELLs; a line that would
 * overdraw gets a problem naming what it needs and what is left. Lines with problems already
 * spend nothing, and what is unknown (cash or tokens) is not checked: the caller says so.
 */
export function checkBatch(lines: ReadonlyArray<{ tokenId: string; side: 'BUY' | 'SELL'; built?: BuiltLine; fee?: bigint }>, h: Holdings): Problem[][] {
  let cash = h.cash;
  const tokens = h.tokens ? new Map(h.tokens) : undefined;
  // What the lines above took, so a message says whether "you have" is after them.
  let cashSpent = false;
  const tokensSold = new Set<string>();
  return lines.map((l) => {
    if (!l.built) return [];
    if (l.side === 'BUY') {
      if (cash === undefined) return [];
      const need = l.built.makerAmount + (l.fee ?? 0n);
      if (need > cash) return [{ field: 'size', message: `not enough cash: needs ${usdText(need, 'up')}, you have ${usdText(cash < 0n ? 0n : cash, 'down')}${cashSpent ? ' after the lines above' : ''}` }];
      cash -= need;
      cashSpent = true;
      return [];
    }
    if (!tokens) return [];
    const have = tokens.get(l.tokenId) ?? 0n;
    if (l.built.size > have) return [{ field: 'size', message: `not enough tokens: sells ${groupedText(l.built.size)}, you hold ${groupedText(have)}${tokensSold.has(l.tokenId) ? ' after the lines above' : ''}` }];
    tokens.set(l.tokenId, have - l.built.size);
    tokensSold.add(l.tokenId);
    return [];
  });
}
