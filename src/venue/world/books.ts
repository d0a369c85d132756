// The order books a world starts with: every market accepting orders has its designated maker's
// quotes on both outcomes, around the market's closing price (trading.ts), written as signed
// orders resting in the orders table, which the exchange loads into its books on start. The
// makers hold the tokens their asks need (their split at the close) and paper cash for bids.
import { deriveCredentials, masterKey, passphraseHash } from '../auth/keys.js';
import type { TableRows } from '../db/insert-many.js';
import { MICRO } from '../money.js';
import type { VenueSettings } from '../settings.js';
import { orderDigest, privateKeyToAddress, toHex, toWireOrder, type OrderDomain, type SignableOrder } from '@shared/crypto/index.js';
import type { MarketPlan } from './catalog.js';
import { MAKER_CASH, makerCount, quoteBooks, quoteMaker, type Quote } from './quotes.js';
import type { Rng } from './random.js';
import { signLater } from './signer.js';
import { walletPrivateKey } from './trading.js';

export interface OrderSigning {
  /** The exchange's EIP-712 domain for normal or negative-risk markets. */
  domain(negRisk: boolean): OrderDomain;
  /** A wallet's nonce-0 API key: the owner of its orders. */
  credentials(address: string): { apiKey: string; passphraseHash: string };
}

/** The venue's own signing: its order domain, and API keys from its data folder's master key. */
export function venueSigning(dataDir: string, settings: VenueSettings): OrderSigning {
  masterKey(dataDir); // a damaged key stops generation before anything is written
  return {
    domain: (negRisk) => ({ name: settings.exchangeName, chainId: settings.chainId, verifyingContract: negRisk ? settings.negRiskExchangeAddress : settings.exchangeAddress }),
    credentials: (address) => {
      const c = deriveCredentials(dataDir, address, '0');
      return { apiKey: c.apiKey, passphraseHash: passphraseHash(c.passphrase) };
    },
  };
}

const ZERO = `0x${'0'.repeat(64)}`;
/** Orders rest from a little before the anchor: older than any market's minimum order age. */
const RESTING_SINCE = 45_000;

interface PlannedOrder {
  id: string;
  maker: number;
  market: MarketPlan;
  outcome: number;
  quote: Quote;
  order: SignableOrder;
}

const ORDER_COLUMNS = [
  'seq', 'id', 'owner', 'wallet', 'token_id', 'condition_id', 'outcome_index', 'side', 'price', 'size', 'filled', 'order_type', 'post_only',
  'expiration', 'release_at', 'status', 'created_at', 'updated_at', 'body',
] as const;

export interface BookPlan {
  /** The makers' API keys and cash. */
  keyRows(): TableRows[];
  /** How many orders the books hold. */
  orderCount: number;
  /** The orders, signed: waits for the signatures, told how many are signed as they come. */
  orderRows(onSigned?: (signed: number) => void): TableRows;
}

/**
 * Plans the makers' resting orders on `markets` (those accepting orders), whose signatures are
 * made meanwhile on a second thread.
 */
export function planBooks(rng: Rng, markets: MarketPlan[], walletCount: number, centres: Map<number, number>, seed: number, anchor: number, signing: OrderSigning): BookPlan {
  const since = anchor - RESTING_SINCE;
  const makers = Array.from({ length: makerCount(walletCount) }, (_, i) => {
    const key = walletPrivateKey(seed, i);
    const address = privateKeyToAddress(key).toLowerCase();
    return { key, address, ...signing.credentials(address) };
  });
  const domains = [signing.domain(false), signing.domain(true)] as const;
  const planned: PlannedOrder[] = [];
  const digests: Uint8Array[] = [];
  for (const m of markets) {
    const centre = centres.get(m.id);
    if (m.status !== 'active' || centre === undefined) continue;
    const maker = quoteMaker(m.conditionId, makers.length);
    const address = makers[maker]?.address ?? '';
    const domain = domains[m.event.negRiskMarketId !== '' ? 1 : 0];
    const inner = Math.max(m.minSize, Math.round(rng.range(50, 400))) * MICRO;
    const outer = Math.round((inner / MICRO) * rng.range(2, 4)) * MICRO;
    quoteBooks(centre, m.tick, inner, outer).forEach((quotes, outcome) => {
      const tokenId = m.tokenIds[outcome] as string;
      for (const quote of quotes) {
        const cash = String((quote.size * quote.price) / MICRO);
        const order: SignableOrder = {
          salt: String(rng.u32()),
          maker: address,
          signer: address,
          tokenId,
          makerAmount: quote.side === 'BUY' ? cash : String(quote.size),
          takerAmount: quote.side === 'BUY' ? String(quote.size) : cash,
          side: quote.side === 'BUY' ? 0 : 1,
          signatureType: 0,
          timestamp: String(since),
          metadata: ZERO,
          builder: ZERO,
        };
        const digest = orderDigest(order, domain);
        digests.push(digest);
        planned.push({ id: toHex(digest), maker, market: m, outcome, quote, order });
      }
    });
  }
  const signatures = signLater(makers.map((m) => m.key), digests, planned.map((p) => p.maker));

  return {
    keyRows(): TableRows[] {
      if (planned.length === 0) return [];
      return [
        { table: 'api_keys', columns: ['api_key', 'address', 'nonce', 'passphrase_hash', 'created_at'], values: makers.flatMap((m) => [m.apiKey, m.address, '0', m.passphraseHash, since]) },
        { table: 'balances', columns: ['address', 'cash', 'updated_at'], values: makers.flatMap((m) => [m.address, MAKER_CASH, since]) },
      ];
    },
    orderCount: planned.length,
    orderRows(onSigned?: (signed: number) => void): TableRows {
      const sigs = signatures.take(onSigned);
      const values: unknown[] = [];
      planned.forEach((p, i) => {
        const maker = makers[p.maker] as (typeof makers)[number];
        const body = JSON.stringify(toWireOrder(p.order, sigs[i] as string, { owner: maker.apiKey, orderType: 'GTC' }));
        values.push(i + 1, p.id, maker.apiKey, maker.address, p.order.tokenId, p.market.conditionId, p.outcome, p.quote.side, p.quote.price, p.quote.size, 0, 'GTC', 0, 0, 0, 'live', since, since, body);
      });
      return { table: 'orders', columns: ORDER_COLUMNS, values };
    },
  };
}
