// Orders as POST /orders carries them (venue-profile D) and as they are signed: the client turns
// a signed order into a body item, the venue turns the item's order back into the signed fields
// to recover its signer. Both directions live here so they cannot drift apart.
import { ZERO_BYTES32, type SignableOrder } from './service.js';

export type WireSide = 'BUY' | 'SELL';
export type WireOrderType = 'GTC' | 'GTD' | 'FOK' | 'FAK';

/** The signed fields in wire form: side spelled out; metadata and builder may be left out (zero). */
export type WireOrderFields = Omit<SignableOrder, 'side' | 'metadata' | 'builder'> & {
  side: WireSide;
  metadata?: string | undefined;
  builder?: string | undefined;
};

export interface WireOrder extends WireOrderFields {
  signature: string;
  /** Epoch seconds, GTD orders only; absent for none. */
  expiration?: string | undefined;
}

/** One item of the POST /orders body. */
export interface WireOrderItem {
  order: WireOrder;
  owner: string;
  orderType: WireOrderType;
  postOnly?: true;
}

export interface WireExtras {
  /** The API key placing the order. */
  owner: string;
  orderType: WireOrderType;
  /** Epoch seconds for a GTD order; leave out for none. */
  expiration?: number | string | undefined;
  postOnly?: boolean | undefined;
}

/** A signed order and its signature → a POST /orders item; optional fields only when set. */
export function toWireOrder(order: SignableOrder, signature: string, extras: WireExtras): WireOrderItem {
  const wire: WireOrder = {
    salt: order.salt,
    maker: order.maker,
    signer: order.signer,
    tokenId: order.tokenId,
    makerAmount: order.makerAmount,
    takerAmount: order.takerAmount,
    side: order.side === 0 ? 'BUY' : 'SELL',
    signatureType: order.signatureType,
    timestamp: order.timestamp,
    metadata: order.metadata,
    builder: order.builder,
    signature,
  };
  if (extras.expiration !== undefined) wire.expiration = String(extras.expiration);
  return { order: wire, owner: extras.owner, orderType: extras.orderType, ...(extras.postOnly ? { postOnly: true as const } : {}) };
}

/** A wire order (as parsed from a body item) → the fields its signature covers. */
export function fromWireOrder(o: WireOrderFields): SignableOrder {
  return {
    salt: o.salt,
    maker: o.maker,
    signer: o.signer,
    tokenId: o.tokenId,
    makerAmount: o.makerAmount,
    takerAmount: o.takerAmount,
    side: o.side === 'BUY' ? 0 : 1,
    signatureType: o.signatureType,
    timestamp: o.timestamp,
    metadata: o.metadata ?? ZERO_BYTES32,
    builder: o.builder ?? ZERO_BYTES32,
  };
}
