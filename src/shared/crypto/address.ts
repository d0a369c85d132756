// EIP-55 checks for addresses typed or pasted into settings, where a wrong letter would send
// orders to a contract nobody meant. The checksum itself is toChecksumAddress in keys.ts.
import { isAddress, toChecksumAddress } from './keys.js';

/** True for a 0x + 40 hex address whose letter case is its EIP-55 checksum. */
export function isChecksumAddress(value: string): boolean {
  return isAddress(value) && toChecksumAddress(value) === value;
}

export type AddressCase = 'checksummed' | 'lowercase' | 'bad-checksum' | 'not-an-address';

/**
 * How an address is written. All-lowercase carries no checksum (EIP-55 leaves it unchecked) and
 * is told apart so a caller can decide whether to accept it; any other mixed or upper case must
 * be the checksum.
 */
export function addressCase(value: string): AddressCase {
  if (!isAddress(value)) return 'not-an-address';
  if (value === value.toLowerCase()) return 'lowercase';
  return toChecksumAddress(value) === value ? 'checksummed' : 'bad-checksum';
}
