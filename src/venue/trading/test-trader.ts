// A trader for the venue's tests and benchmarks: a throwaway key, its API credentials from the
// venue, and signed requests over HTTP exactly as an app sends them.
import { parseMicros } from '@shared/domain/money.js';
import { cashFor } from '@shared/domain/units.js';
import { hashId } from '../ids.js';
import { privateKeyToAddress, signOrder, toWireOrder, ZERO_BYTES32, type SignableOrder } from '@shared/crypto/index.js';
import { createApiKey, l2Headers, type ApiCreds } from '../auth/client.js';
import { DEFAULT_SETTINGS, type VenueSettings } from '../settings.js';
import type { OrderDomainInfo, PaperAccount, VenueUrls } from '../server.js';

export interface OrderOptions {
  type?: 'GTC' | 'GTD' | 'FOK' | 'FAK';
  expiration?: number;
  postOnly?: boolean;
  negRisk?: boolean;
  salt?: string;
  /** Signed as given instead of computed from price and size (to test inexact amounts). */
  amounts?: { makerAmount: string; takerAmount: string };
}

export interface Reply<T = unknown> {
  status: number;
  body: T;
}

let counter = 0;

/** Base units (6 decimals) of a decimal string, exactly. */
export function units(decimal: string): bigint {
  const m = parseMicros(decimal);
  if (m === null) throw new RangeError(`not a decimal amount: ${decimal}`);
  return m;
}

export class Trader {
  readonly address: string;

  private constructor(
    readonly urls: VenueUrls,
    readonly key: string,
    readonly creds: ApiCreds,
    readonly settings: VenueSettings,
  ) {
    this.address = privateKeyToAddress(key);
  }

  static addressOf(key: string): string {
    return privateKeyToAddress(key);
  }

  /** A new wallet (or the given key) with API credentials from `POST /auth/api-key`. */
  static async create(urls: VenueUrls, key = hashId(`test-trader:${process.pid}:${Date.now()}:${++counter}`), settings: Partial<VenueSettings> = {}): Promise<Trader> {
    const s = { ...DEFAULT_SETTINGS, ...settings };
    const creds = await createApiKey(urls.trading_url, key, { headerPrefix: s.headerPrefix, chainId: s.chainId });
    return new Trader(urls, key, creds, s);
  }

  /**
   * The paper account a spec-only venue prints on its start line (it has no key endpoint),
   * signing orders for the start line's order domain.
   */
  static fromAccount(urls: VenueUrls, account: PaperAccount, domain: OrderDomainInfo, headerPrefix = DEFAULT_SETTINGS.headerPrefix): Trader {
    const creds = { apiKey: account.api_key, secret: account.secret, passphrase: account.passphrase };
    return new Trader(urls, account.private_key, creds, {
      ...DEFAULT_SETTINGS,
      headerPrefix,
      chainId: domain.chainId,
      exchangeName: domain.name,
      exchangeAddress: domain.verifyingContract,
      negRiskExchangeAddress: domain.negRiskVerifyingContract,
    });
  }

  /** A signed order item for `POST /orders`; price and size are decimal strings. */
  order(tokenId: string, side: 'BUY' | 'SELL', price: string, size: string, opts: OrderOptions = {}): Record<string, unknown> {
    const sizeUnits = units(size);
    const cash = cashFor(sizeUnits, units(price));
    const order: SignableOrder = {
      salt: opts.salt ?? String(++counter),
      maker: this.address,
      signer: this.address,
      tokenId,
      makerAmount: opts.amounts?.makerAmount ?? String(side === 'BUY' ? cash : sizeUnits),
      takerAmount: opts.amounts?.takerAmount ?? String(side === 'BUY' ? sizeUnits : cash),
      side: side === 'BUY' ? 0 : 1,
      signatureType: 0,
      timestamp: String(Date.now()),
      metadata: ZERO_BYTES32,
      builder: ZERO_BYTES32,
    };
    const s = this.settings;
    const domain = { name: s.exchangeName, chainId: s.chainId, verifyingContract: opts.negRisk ? s.negRiskExchangeAddress : s.exchangeAddress };
    const signature = signOrder(order, domain, this.key);
    return { ...toWireOrder(order, signature, { owner: this.creds.apiKey, orderType: opts.type ?? 'GTC', expiration: opts.expiration, postOnly: opts.postOnly }) };
  }

  headers(method: string, path: string, body = ''): Record<string, string> {
    return l2Headers(this.creds, this.address, method, path, body, Date.now(), this.settings.headerPrefix);
  }

  /** A signed request to the trading surface; `path` is the spec path, e.g. `/orders`. */
  async send<T = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, query = ''): Promise<Reply<T>> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const res = await fetch(`${this.urls.trading_url}${path}${query}`, {
      method,
      headers: { ...this.headers(method, path, text), ...(text ? { 'content-type': 'application/json' } : {}) },
      ...(text ? { body: text } : {}),
    });
    const raw = await res.text();
    let parsed: unknown = raw;
    try {
      parsed = JSON.parse(raw);
    } catch {
      // keep text
    }
    return { status: res.status, body: parsed as T };
  }

  post(items: unknown[]): Promise<Reply<Array<Record<string, unknown>>>> {
    return this.send('POST', '/orders', items);
  }
}
