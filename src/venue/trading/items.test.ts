import { describe, expect, it, vi } from 'vitest';
import { OrderPlacementItem } from '@shared/spec/index.js';
import { parseOrderItem } from './items.js';

const ADDRESS = '0x2c7536E3605D9C16a7a3D7b1898e529396a65c23';
const base = {
  order: {
    salt: '12345',
    maker: ADDRESS,
    signer: ADDRESS,
    tokenId: '71321045679252212594626385532706912750332728571942532289631379312455583992563',
    makerAmount: '500000',
    takerAmount: '1000000',
    side: 'BUY',
    signatureType: 0,
    timestamp: '1763900000000',
    metadata: `0x${'0'.repeat(64)}`,
    builder: `0x${'0'.repeat(64)}`,
    signature: `0x${'ab'.repeat(65)}`,
  },
  owner: 'f0c4e7d2-1111-4222-8333-444455556666',
  orderType: 'GTC',
};

// Values to try in each field: the canonical forms, the forms the schema coerces, and refusals.
const uintLike = ['7', '0', 12, -1, 1.5, '0x10', ' 7', '', null, true, '9'.repeat(79)];
const addressLike = [ADDRESS.toLowerCase(), ADDRESS.slice(0, -1), ADDRESS.slice(2), null, '', 5];
const bytesLike = [`0x${'1'.repeat(64)}`, `0x${'1'.repeat(62)}`, '', null, 0];
const boolLike = [true, false, 'true', 'FALSE', '', null, 0, 'yes'];
const orderVariants: Record<string, unknown[]> = {
  salt: uintLike,
  maker: addressLike,
  signer: addressLike,
  tokenId: uintLike,
  conditionId: ['0xabc', '', 12, null, true],
  makerAmount: uintLike,
  takerAmount: uintLike,
  side: ['SELL', 'buy', ' SELL ', 'HOLD', 0, null],
  signatureType: [1, 2, 255, 256, -1, 1.5, '0', '2', null, NaN],
  timestamp: uintLike,
  metadata: bytesLike,
  builder: bytesLike,
  signature: ['0x', '0xabc', `0x${'cd'.repeat(65)}`, 'abcd', null],
  expiration: uintLike,
  taker: addressLike,
  nonce: uintLike,
  feeRateBps: uintLike,
  postOnly: boolLike,
  deferExec: boolLike,
  extra: ['kept', { nested: 1 }],
};
const itemVariants: Record<string, unknown[]> = {
  owner: ['other', '', 42, null, { k: 1 }],
  orderType: ['GTD', 'FOK', 'FAK', 'gtc', 'IOC', null],
  postOnly: boolLike,
  deferExec: boolLike,
  order: [null, [], 'x'],
  extra: ['kept'],
};

/** The parse result with undefined keys dropped and keys sorted, to compare by value. */
function normal(r: ReturnType<typeof OrderPlacementItem.safeParse>): unknown {
  return r.success ? JSON.parse(JSON.stringify(r.data, (_k, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort()) : v))) : r.error.issues;
}

describe('parseOrderItem', () => {
  it('gives what the schema gives, for every variant of every field', () => {
    const cases: unknown[] = [base, [], null, 'x', { ...base, order: undefined }];
    for (const [field, values] of Object.entries(orderVariants)) {
      for (const v of values) cases.push({ ...base, order: { ...base.order, [field]: v } });
      cases.push({ ...base, order: Object.fromEntries(Object.entries(base.order).filter(([k]) => k !== field)) });
    }
    for (const [field, values] of Object.entries(itemVariants)) {
      for (const v of values) cases.push({ ...base, [field]: v });
      cases.push(Object.fromEntries(Object.entries(base).filter(([k]) => k !== field)));
    }
    cases.push({ ...base, postOnly: true, order: { ...base.order, postOnly: false } }, { ...base, order: { ...base.order, postOnly: true, deferExec: false } });
    for (const c of cases) expect(normal(parseOrderItem(c)), JSON.stringify(c)).toEqual(normal(OrderPlacementItem.safeParse(c)));
  });

  it('takes the shortcut for what clients send, and only then', () => {
    const schema = vi.spyOn(OrderPlacementItem, 'safeParse');
    try {
      expect(parseOrderItem(base).success).toBe(true);
      expect(parseOrderItem({ ...base, order: { ...base.order, postOnly: true }, deferExec: false }).success).toBe(true);
      expect(schema).not.toHaveBeenCalled();
      parseOrderItem({ ...base, order: { ...base.order, side: 'buy' } });
      expect(schema).toHaveBeenCalledTimes(1);
    } finally {
      schema.mockRestore();
    }
  });
});
