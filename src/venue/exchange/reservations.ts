// Cash and tokens promised to open orders, so that a wallet cannot spend the same money twice.
import { feeMicro, notional } from '../money.js';
import type { RestingOrder } from './book.js';
import type { TokenInfo } from './types.js';

export class Reservations {
  private readonly cash = new Map<string, number>();
  private readonly tokens = new Map<string, number>();

  /** Cash (micro) a wallet's open BUY orders hold back. */
  cashOf(wallet: string): number {
    return this.cash.get(wallet) ?? 0;
  }

  /** Micro tokens of one outcome a wallet's open SELL orders hold back. */
  tokensOf(wallet: string, tokenId: string): number {
    return this.tokens.get(`${wallet}|${tokenId}`) ?? 0;
  }

  /** Holds back (`sign` 1) or frees (-1) what the open rest of an order needs. */
  reserve(order: RestingOrder, token: TokenInfo, sign: 1 | -1): void {
    if (order.side === 'BUY') {
      const v = (this.cash.get(order.wallet) ?? 0) + sign * buyReserve(order.price, order.remaining, token);
      if (v > 0) this.cash.set(order.wallet, v);
      else this.cash.delete(order.wallet);
    } else {
      const key = `${order.wallet}|${token.tokenId}`;
      const v = (this.tokens.get(key) ?? 0) + sign * order.remaining;
      if (v > 0) this.tokens.set(key, v);
      else this.tokens.delete(key);
    }
  }

  clear(): void {
    this.cash.clear();
    this.tokens.clear();
  }
}

/** Cash a BUY must hold back: its cost plus the larger of the two fees it could pay. */
export function buyReserve(price: number, size: number, token: TokenInfo): number {
  return notional(size, price) + feeMicro(Math.max(token.takerBps, token.takerOnly ? 0 : token.makerBps), price, size);
}
