import { describe, expect, it } from 'vitest';
import { getOrderDomainPreset, ORDER_DOMAIN_PRESETS, OrderDomainSetting, orderDomainFor } from './order-domains.js';
import { addressCase, isChecksumAddress } from '../crypto/index.js';

const EXCHANGE = '0xE111180000d2663C0091e4f400237545B87B996B';
const NEG_RISK = '0xe2222d279d744050d28e00520010520000310F59';
const valid = { name: 'Some Exchange', version: '2', chainId: 137, exchange: EXCHANGE, negRiskExchange: NEG_RISK };

/** The issue messages of a failed parse, joined. */
function errors(input: unknown): string {
  const r = OrderDomainSetting.safeParse(input);
  if (r.success) throw new Error('expected the setting to be refused');
  return r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n');
}

/** The address with the case of its first letter flipped: a wrong checksum. */
function flipFirstLetter(address: string): string {
  const i = [...address].findIndex((ch, j) => j > 1 && /[a-fA-F]/.test(ch));
  const ch = address[i] as string;
  return address.slice(0, i) + (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase()) + address.slice(i + 1);
}

describe('EIP-55 address checks', () => {
  it('tells checksummed, lower-case, wrongly checksummed and non-addresses apart', () => {
    expect(isChecksumAddress(EXCHANGE)).toBe(true);
    expect(isChecksumAddress(EXCHANGE.toLowerCase())).toBe(false);
    expect(isChecksumAddress(flipFirstLetter(EXCHANGE))).toBe(false);
    expect(isChecksumAddress('0x12')).toBe(false);
    expect(addressCase(EXCHANGE)).toBe('checksummed');
    expect(addressCase(NEG_RISK.toLowerCase())).toBe('lowercase');
    expect(addressCase(flipFirstLetter(NEG_RISK))).toBe('bad-checksum');
    expect(addressCase(`0x${EXCHANGE.slice(2).toUpperCase()}`)).toBe('bad-checksum');
    expect(addressCase(EXCHANGE.slice(2))).toBe('not-an-address');
  });
});

describe('OrderDomainSetting', () => {
  it('accepts checksummed addresses as they are', () => {
    expect(OrderDomainSetting.parse(valid)).toEqual(valid);
  });

  it('accepts lower-case addresses (no checksum to check) and stores them checksummed', () => {
    const parsed = OrderDomainSetting.parse({ ...valid, exchange: EXCHANGE.toLowerCase(), negRiskExchange: NEG_RISK.toLowerCase() });
    expect(parsed).toEqual(valid);
  });

  it('refuses a mixed-case address with a wrong checksum, naming the field', () => {
    const bad = flipFirstLetter(EXCHANGE);
    expect(errors({ ...valid, exchange: bad })).toBe(`exchange: exchange has a wrong EIP-55 checksum: ${bad} (checksummed: ${EXCHANGE}); check the address`);
    expect(errors({ ...valid, negRiskExchange: flipFirstLetter(NEG_RISK) })).toMatch(/^negRiskExchange: negRiskExchange has a wrong EIP-55 checksum/);
  });

  it('refuses what is not an address, and bad name, version and chain id', () => {
    expect(errors({ ...valid, exchange: '0x1234' })).toMatch(/exchange is not an address/);
    expect(errors({ ...valid, negRiskExchange: EXCHANGE.slice(2) })).toMatch(/negRiskExchange is not an address/);
    expect(errors({ ...valid, name: '' })).toMatch(/name must not be empty/);
    expect(errors({ ...valid, version: '' })).toMatch(/version must not be empty/);
    expect(errors({ ...valid, chainId: 0 })).toMatch(/chainId must be positive/);
    expect(errors({ ...valid, chainId: -1 })).toMatch(/chainId must be positive/);
    expect(errors({ ...valid, chainId: 1.5 })).toMatch(/chainId must be an integer/);
    expect(errors({ ...valid, chainId: '137' })).toMatch(/chainId/);
    expect(errors({ ...valid, extra: 1 })).toMatch(/extra/);
  });
});

describe('order-domain presets', () => {
  it('has the production preset, valid as a setting; ids are unique', () => {
    const p = getOrderDomainPreset('family-production-137');
    expect(p?.label).toBe('Service family production, chain 137');
    expect(p && OrderDomainSetting.parse(p.domain)).toEqual(p?.domain);
    expect(getOrderDomainPreset('nope')).toBeUndefined();
    expect(new Set(ORDER_DOMAIN_PRESETS.map((x) => x.id)).size).toBe(ORDER_DOMAIN_PRESETS.length);
    for (const x of ORDER_DOMAIN_PRESETS) expect(OrderDomainSetting.parse(x.domain)).toEqual(x.domain);
    expect(Object.isFrozen(p?.domain)).toBe(true);
  });

  it('picks the verifying contract by market and refuses a version the signer does not use', () => {
    expect(orderDomainFor(valid, false)).toEqual({ name: 'Some Exchange', chainId: 137, verifyingContract: EXCHANGE });
    expect(orderDomainFor(valid, true)).toEqual({ name: 'Some Exchange', chainId: 137, verifyingContract: NEG_RISK });
    expect(() => orderDomainFor({ ...valid, version: '3' }, false)).toThrow(/order domain version "3" is not supported/);
  });
});
