import { describe, expect, it } from 'vitest';
import { OrderPlacementItem } from '../spec/trading.js';
import { privateKeyToAddress } from './keys.js';
import { recoverOrderSigner, signOrder, ZERO_BYTES32, type SignableOrder } from './service.js';
import { fromWireOrder, toWireOrder } from './wire.js';

const KEY = `0x${'11'.repeat(32)}`;
const ADDRESS = privateKeyToAddress(KEY);
const domain = { name: 'Kairos Sandbox Exchange', chainId: 31337, verifyingContract: '0x4b41495230534e44424f5845584348414e474531' };
const order: SignableOrder = {
  salt: '123456789', maker: ADDRESS, signer: ADDRESS, tokenId: '71321045679252212594626385532706912750332728571942532289631379312455583992563',
  makerAmount: '5000000', takerAmount: '10000000', side: 0, signatureType: 0, timestamp: '1735689600123', metadata: ZERO_BYTES32, builder: ZERO_BYTES32,
};

describe('wire orders', () => {
  it('turn a signed order into a POST /orders item the way clients send it', () => {
    const sig = signOrder(order, domain, KEY);
    expect(toWireOrder(order, sig, { owner: 'key-1', orderType: 'GTC' })).toEqual({
      order: { ...order, side: 'BUY', signature: sig },
      owner: 'key-1',
      orderType: 'GTC',
    });
    const sell = toWireOrder({ ...order, side: 1 }, sig, { owner: 'key-1', orderType: 'GTD', expiration: 1_900_000_000, postOnly: true });
    expect(sell.order.side).toBe('SELL');
    expect(sell.order.expiration).toBe('1900000000');
    expect(sell.postOnly).toBe(true);
    // Optional fields are absent, not undefined, so the JSON body carries nothing for them.
    const plain = toWireOrder(order, sig, { owner: 'k', orderType: 'FAK', postOnly: false });
    expect('postOnly' in plain || 'expiration' in plain.order).toBe(false);
    expect(JSON.stringify(plain)).toBe(
      `{"order":{"salt":"123456789","maker":"${ADDRESS}","signer":"${ADDRESS}","tokenId":"${order.tokenId}","makerAmount":"5000000","takerAmount":"10000000","side":"BUY",` +
        `"signatureType":0,"timestamp":"1735689600123","metadata":"${ZERO_BYTES32}","builder":"${ZERO_BYTES32}","signature":"${sig}"},"owner":"k","orderType":"FAK"}`,
    );
  });

  it('round-trip: the venue reads back the fields that were signed, through JSON and the schema', () => {
    for (const o of [order, { ...order, side: 1 as const, salt: '1', metadata: `0x${'ab'.repeat(32)}`, builder: `0x${'cd'.repeat(32)}` }]) {
      const sig = signOrder(o, domain, KEY);
      const wire = toWireOrder(o, sig, { owner: 'key-1', orderType: 'GTD', expiration: '1900000000', postOnly: true });
      expect(fromWireOrder(wire.order)).toEqual(o);
      const parsed = OrderPlacementItem.safeParse(JSON.parse(JSON.stringify(wire)));
      expect(parsed.success).toBe(true);
      if (!parsed.success) continue;
      expect(parsed.data.postOnly).toBe(true);
      expect(fromWireOrder(parsed.data.order)).toEqual(o);
      expect(recoverOrderSigner(fromWireOrder(parsed.data.order), domain, parsed.data.order.signature)).toBe(ADDRESS);
    }
  });

  it('reads left-out metadata and builder as zero, as they were signed', () => {
    const sig = signOrder(order, domain, KEY);
    const { metadata: _m, builder: _b, ...bare } = toWireOrder(order, sig, { owner: 'k', orderType: 'GTC' }).order;
    expect(fromWireOrder(bare)).toEqual(order);
    expect(recoverOrderSigner(fromWireOrder(bare), domain, sig)).toBe(ADDRESS);
  });
});
