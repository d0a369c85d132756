// Spec-only mode (venue-profile G) has no key endpoint, so the venue hands out one funded paper
// account on its start line. Its key derives from the data dir's master key: the same data dir
// gives the same account on every start.
import { createHmac } from 'node:crypto';
import { privateKeyToAddress, toHex } from '@shared/crypto/index.js';
import { ensureApiKey, masterKey } from './auth/keys.js';
import type { VenueContext } from './http.js';

export interface PaperAccount {
  /** Checksummed. */
  address: string;
  private_key: string;
  api_key: string;
  secret: string;
  passphrase: string;
}

/** The EIP-712 domain orders are signed for (what `GET /version` publishes in full mode). */
export interface OrderDomainInfo {
  name: string;
  version: '2';
  chainId: number;
  verifyingContract: string;
  negRiskVerifyingContract: string;
}

const CURVE_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

export function orderDomainInfo(ctx: Pick<VenueContext, 'settings'>): OrderDomainInfo {
  const s = ctx.settings;
  return { name: s.exchangeName, version: '2', chainId: s.chainId, verifyingContract: s.exchangeAddress, negRiskVerifyingContract: s.negRiskExchangeAddress };
}

/** The data dir's paper account, with its API key and (on first use) its paper cash. */
export function paperAccount(ctx: Pick<VenueContext, 'db' | 'dataDir' | 'now' | 'settings'>): PaperAccount {
  const master = masterKey(ctx.dataDir);
  let privateKey = '';
  for (let i = 0; privateKey === ''; i++) {
    const bytes = createHmac('sha256', master).update(`paper-account|${i}`).digest();
    const n = BigInt(`0x${bytes.toString('hex')}`);
    // A valid secp256k1 key is in [1, n); a digest outside it is astronomically rare.
    if (n > 0n && n < CURVE_ORDER) privateKey = toHex(bytes);
  }
  const address = privateKeyToAddress(privateKey);
  const creds = ensureApiKey(ctx, address, '0');
  return { address, private_key: privateKey, api_key: creds.apiKey, secret: creds.secret, passphrase: creds.passphrase };
}
