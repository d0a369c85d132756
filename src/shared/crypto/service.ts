// The service's two signed structs (venue-profile C): ClobAuth for API keys, Order for orders.
import { toHex } from './bytes.js';
import { BoundedMemo } from '../domain/memo.js';
import { domainSeparator, typedDataDigest, type Types, type Value } from './eip712.js';
import { privateKeyToAddress, recoverAddress, signDigest } from './keys.js';

export const CLOB_AUTH_MESSAGE = 'This message attests that I control the given wallet';
export const ZERO_BYTES32 = `0x${'0'.repeat(64)}`;

const CLOB_AUTH_TYPES: Types = {
  ClobAuth: [
    ['address', 'address'],
    ['timestamp', 'string'],
    ['nonce', 'uint256'],
    ['message', 'string'],
  ],
};

const ORDER_TYPES: Types = {
  Order: [
    ['salt', 'uint256'],
    ['maker', 'address'],
    ['signer', 'address'],
    ['tokenId', 'uint256'],
    ['makerAmount', 'uint256'],
    ['takerAmount', 'uint256'],
    ['side', 'uint8'],
    ['signatureType', 'uint8'],
    ['timestamp', 'uint256'],
    ['metadata', 'bytes32'],
    ['builder', 'bytes32'],
  ],
};

export interface ClobAuth {
  address: string;
  /** As sent in the timestamp header. */
  timestamp: string;
  nonce: string;
}

const clobAuthSeparators = new BoundedMemo<number, Uint8Array>(64);

export function clobAuthDigest(auth: ClobAuth, chainId: number): Uint8Array {
  const sep = clobAuthSeparators.get(chainId, () => domainSeparator({ name: 'ClobAuthDomain', version: '1', chainId }));
  const message = { address: auth.address, timestamp: auth.timestamp, nonce: auth.nonce, message: CLOB_AUTH_MESSAGE };
  return typedDataDigest(sep, CLOB_AUTH_TYPES, 'ClobAuth', message);
}

export function signClobAuth(privateKeyHex: string, auth: Omit<ClobAuth, 'address'>, chainId: number): string {
  return signDigest(privateKeyHex, clobAuthDigest({ ...auth, address: privateKeyToAddress(privateKeyHex) }, chainId));
}

export interface OrderDomain {
  name: string;
  chainId: number;
  verifyingContract: string;
}

/** The signed fields of an order; uint values as decimal strings, side 0 = BUY, 1 = SELL. */
export interface SignableOrder {
  salt: string;
  maker: string;
  signer: string;
  tokenId: string;
  makerAmount: string;
  takerAmount: string;
  side: 0 | 1;
  signatureType: number;
  timestamp: string;
  metadata: string;
  builder: string;
}

// A venue signs many orders under one domain: keep its separator.
const separators = new BoundedMemo<string, Uint8Array>(64);

function orderDomainSeparator(d: OrderDomain): Uint8Array {
  const key = `${d.name}|${d.chainId}|${d.verifyingContract.toLowerCase()}`;
  return separators.get(key, () => domainSeparator({ name: d.name, version: '2', chainId: d.chainId, verifyingContract: d.verifyingContract }));
}

export function orderDigest(order: SignableOrder, domain: OrderDomain): Uint8Array {
  return typedDataDigest(orderDomainSeparator(domain), ORDER_TYPES, 'Order', order as unknown as Record<string, Value>);
}

/** 0x + 64 hex of the order's digest: the venue's order id and duplicate key. */
export function orderHash(order: SignableOrder, domain: OrderDomain): string {
  return toHex(orderDigest(order, domain));
}

export function signOrder(order: SignableOrder, domain: OrderDomain, privateKeyHex: string): string {
  return signDigest(privateKeyHex, orderDigest(order, domain));
}

export function recoverOrderSigner(order: SignableOrder, domain: OrderDomain, signature: string): string | null {
  try {
    return recoverAddress(orderDigest(order, domain), signature);
  } catch {
    return null;
  }
}
