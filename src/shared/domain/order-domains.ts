// The EIP-712 domain orders are signed under (venue-profile C), as a profile holds it: one name,
// version and chain, and two verifying contracts, for normal and negative-risk markets.
import { z } from 'zod';
import { addressCase } from '../crypto/address.js';
import { toChecksumAddress } from '../crypto/keys.js';
import type { OrderDomain } from '../crypto/service.js';

/**
 * An address setting: EIP-55 checksummed, or all lower case, stored checksummed. Lower case is
 * accepted because it carries no checksum to get wrong and is how the local venue publishes its
 * contracts (GET /version) and how many tools print addresses; a mixed-case address whose
 * checksum is wrong is a typo and is refused.
 */
function addressSetting(field: string) {
  return z.string().transform((value, ctx) => {
    const kind = addressCase(value);
    if (kind === 'not-an-address') {
      ctx.addIssue({ code: 'custom', message: `${field} is not an address (0x and 40 hex digits): ${JSON.stringify(value)}` });
      return z.NEVER;
    }
    if (kind === 'bad-checksum') {
      ctx.addIssue({ code: 'custom', message: `${field} has a wrong EIP-55 checksum: ${value} (checksummed: ${toChecksumAddress(value)}); check the address` });
      return z.NEVER;
    }
    return toChecksumAddress(value);
  });
}

export const OrderDomainSetting = z.strictObject({
  name: z.string().min(1, 'name must not be empty'),
  version: z.string().min(1, 'version must not be empty'),
  chainId: z.number().int('chainId must be an integer').positive('chainId must be positive'),
  /** Verifying contract of orders on normal markets. */
  exchange: addressSetting('exchange'),
  /** Verifying contract of orders on negative-risk markets. */
  negRiskExchange: addressSetting('negRiskExchange'),
});
export type OrderDomainSetting = z.output<typeof OrderDomainSetting>;

export interface OrderDomainPreset {
  id: string;
  label: string;
  domain: Readonly<OrderDomainSetting>;
}

// Taken from @polymarket/clob-client-v2 1.1.0 for chain 137: the V2 exchanges of its contract
// config (exchangeV2, negRiskExchangeV2) and its V2 order domain name and version. The parity
// test in src/shared/crypto compares them with the library so they cannot drift unnoticed.
export const ORDER_DOMAIN_PRESETS: readonly Readonly<OrderDomainPreset>[] = Object.freeze([
  Object.freeze({
    id: 'family-production-137',
    label: 'Service family production, chain 137',
    domain: Object.freeze({
      name: 'Polymarket CTF Exchange',
      version: '2',
      chainId: 137,
      exchange: '0xE111180000d2663C0091e4f400237545B87B996B',
      negRiskExchange: '0xe2222d279d744050d28e00520010520000310F59',
    }),
  }),
]);

/** The preset with this id, or undefined. */
export function getOrderDomainPreset(id: string): Readonly<OrderDomainPreset> | undefined {
  return ORDER_DOMAIN_PRESETS.find((p) => p.id === id);
}

/** The domain version src/shared/crypto/service.ts signs orders under. */
export const SIGNED_ORDER_DOMAIN_VERSION = '2';

/**
 * The domain to sign one order with: the negative-risk exchange for negative-risk markets.
 * Throws for another domain version, which the signer would otherwise silently replace by its own.
 */
export function orderDomainFor(setting: OrderDomainSetting, negRisk: boolean): OrderDomain {
  if (setting.version !== SIGNED_ORDER_DOMAIN_VERSION) {
    throw new RangeError(`order domain version ${JSON.stringify(setting.version)} is not supported (orders are signed under version ${SIGNED_ORDER_DOMAIN_VERSION})`);
  }
  return { name: setting.name, chainId: setting.chainId, verifyingContract: negRisk ? setting.negRiskExchange : setting.exchange };
}
