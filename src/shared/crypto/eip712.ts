// EIP-712 typed-data hashing, enough for the service's two structs (ClobAuth, Order) and for
// nested structs like the specification's own example. Type hashes are computed once per type.
import { keccak256 } from './keccak.js';
import { fromHex, utf8 } from './bytes.js';
import { BoundedMemo } from '../domain/memo.js';

export type TypedFields = ReadonlyArray<readonly [name: string, type: string]>;
export type Types = Readonly<Record<string, TypedFields>>;
export type Value = string | number | bigint | boolean | { readonly [key: string]: Value };

export interface Domain {
  name?: string;
  version?: string;
  chainId?: number | bigint;
  verifyingContract?: string;
}

const UINT256_MAX = (1n << 256n) - 1n;

function dependencies(types: Types, primary: string, found = new Set<string>()): Set<string> {
  if (found.has(primary) || !types[primary]) return found;
  found.add(primary);
  for (const [, type] of types[primary]) dependencies(types, type.replace(/\[\]$/, ''), found);
  return found;
}

export function encodeType(types: Types, primary: string): string {
  const deps = [...dependencies(types, primary)].filter((t) => t !== primary).sort();
  return [primary, ...deps].map((t) => `${t}(${(types[t] ?? []).map(([n, ty]) => `${ty} ${n}`).join(',')})`).join('');
}

const typeHashCache = new WeakMap<Types, Map<string, Uint8Array>>();

export function typeHash(types: Types, primary: string): Uint8Array {
  let byName = typeHashCache.get(types);
  if (!byName) typeHashCache.set(types, (byName = new Map()));
  let hash = byName.get(primary);
  if (!hash) byName.set(primary, (hash = keccak256(utf8(encodeType(types, primary)))));
  return hash;
}

function toBigInt(value: Value, field: string): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  // BigInt() alone would read "" as 0 and allow whitespace: only plain decimal or 0x-hex.
  if (typeof value === 'string' && /^(\d+|0x[0-9a-fA-F]+)$/.test(value)) return BigInt(value);
  throw new TypeError(`${field} is not an unsigned integer (decimal string expected): ${JSON.stringify(value)}`);
}

/** Writes the hex digits (lower case, from BigInt#toString) right-aligned into out[at, at + 32). */
function writeHex(hex: string, out: Uint8Array, at: number): void {
  let j = at + 32;
  for (let i = hex.length; i > 0; i -= 2) {
    const lo = nibble(hex.charCodeAt(i - 1));
    const hi = i >= 2 ? nibble(hex.charCodeAt(i - 2)) : 0;
    out[--j] = (hi << 4) | lo;
  }
}

function nibble(c: number): number {
  return c <= 57 ? c - 48 : c - 87;
}

/** Encodes one field's value into out[at, at + 32); throws naming the field when it cannot. */
type FieldEncoder = (value: Value, out: Uint8Array, at: number) => void;

/**
 * The 32-byte encodings of strings that recur (token ids, addresses, zero words) are remembered:
 * a venue hashes thousands of orders a second over few of them, and converting each anew was
 * most of an order's hashing.
 */
const words = (): BoundedMemo<string, Uint8Array> => new BoundedMemo(4096);

const DECIMAL_15 = /^\d{1,15}$/;

function uintEncoder(bits: number, field: string): FieldEncoder {
  const max = bits === 256 ? UINT256_MAX : (1n << BigInt(bits)) - 1n;
  const encoded = words();
  return (value, out, at) => {
    // Up to 15 digits is below 2^50: exact as a double, no BigInt needed.
    if (typeof value === 'string' && bits >= 50 && DECIMAL_15.test(value)) {
      for (let n = Number(value), j = at + 31; n > 0; j--, n = Math.floor(n / 256)) out[j] = n % 256;
      return;
    }
    if (typeof value === 'string' && value.length > 40) {
      out.set(encoded.get(value, () => {
        const word = new Uint8Array(32);
        writeUint(toBigInt(value, field), max, bits, field, word, 0);
        return word;
      }), at);
      return;
    }
    writeUint(toBigInt(value, field), max, bits, field, out, at);
  };
}

function writeUint(n: bigint, max: bigint, bits: number, field: string, out: Uint8Array, at: number): void {
  if (n < 0n || n > max) throw new RangeError(`${field} is outside uint${bits}`);
  writeHex(n.toString(16), out, at);
}

function hexWord(size: 20 | 32, field: string): FieldEncoder {
  const encoded = words();
  return (value, out, at) => {
    const text = String(value);
    const word = encoded.get(text, () => {
      const bytes = fromHex(text, field);
      if (bytes.length !== size) throw new TypeError(size === 20 ? `${field} is not a 20-byte address` : `${field} is not 32 bytes`);
      return bytes;
    });
    out.set(word, at + 32 - size);
  };
}

function fieldEncoder(types: Types, type: string, field: string): FieldEncoder {
  if (types[type]) return (value, out, at) => out.set(hashStruct(types, type, value as Record<string, Value>), at);
  if (type === 'address') return hexWord(20, field);
  if (type === 'string') return (value, out, at) => out.set(keccak256(utf8(String(value))), at);
  if (type === 'bytes') return (value, out, at) => out.set(keccak256(fromHex(String(value), field)), at);
  if (type === 'bytes32') return hexWord(32, field);
  if (type === 'bool') {
    const encode = uintEncoder(8, field);
    return (value, out, at) => encode(value ? 1 : 0, out, at);
  }
  const m = /^uint(\d+)$/.exec(type);
  if (m) return uintEncoder(Number(m[1]), field);
  return () => {
    throw new TypeError(`EIP-712 type ${type} of ${field} is not supported`);
  };
}

// Encoders per struct, built once: parsing the type names and building the field labels on
// every call cost more than the hashing itself.
const structEncoders = new WeakMap<Types, Map<string, Array<{ name: string; label: string; encode: FieldEncoder }>>>();

function encoders(types: Types, primary: string, fields: TypedFields): Array<{ name: string; label: string; encode: FieldEncoder }> {
  let byName = structEncoders.get(types);
  if (!byName) structEncoders.set(types, (byName = new Map()));
  let list = byName.get(primary);
  if (!list) {
    list = fields.map(([name, type]) => ({ name, label: `${primary}.${name}`, encode: fieldEncoder(types, type, `${primary}.${name}`) }));
    byName.set(primary, list);
  }
  return list;
}

export function hashStruct(types: Types, primary: string, data: Readonly<Record<string, Value>>): Uint8Array {
  const fields = types[primary];
  if (!fields) throw new TypeError(`unknown EIP-712 type ${primary}`);
  const buf = new Uint8Array(32 * (fields.length + 1));
  buf.set(typeHash(types, primary), 0);
  const list = encoders(types, primary, fields);
  for (let i = 0; i < list.length; i++) {
    const { name, label, encode } = list[i] as (typeof list)[number];
    const value = data[name];
    if (value === undefined) throw new TypeError(`${label} is missing`);
    encode(value, buf, 32 * (i + 1));
  }
  return keccak256(buf);
}

const DOMAIN_FIELDS: TypedFields = [
  ['name', 'string'],
  ['version', 'string'],
  ['chainId', 'uint256'],
  ['verifyingContract', 'address'],
];

// One types object per combination of present fields, so their type hashes stay cached.
const domainTypes = new Map<number, Types>();

export function domainSeparator(domain: Domain): Uint8Array {
  let mask = 0;
  DOMAIN_FIELDS.forEach(([name], i) => {
    if (domain[name as keyof Domain] !== undefined) mask |= 1 << i;
  });
  let types = domainTypes.get(mask);
  if (!types) domainTypes.set(mask, (types = { EIP712Domain: DOMAIN_FIELDS.filter((_, i) => mask & (1 << i)) }));
  return hashStruct(types, 'EIP712Domain', domain as Record<string, Value>);
}

/** keccak256(0x1901 ‖ domainSeparator ‖ hashStruct(message)): the digest that gets signed. */
export function typedDataDigest(domain: Domain | Uint8Array, types: Types, primary: string, message: Readonly<Record<string, Value>>): Uint8Array {
  const buf = new Uint8Array(66);
  buf[0] = 0x19;
  buf[1] = 0x01;
  buf.set(domain instanceof Uint8Array ? domain : domainSeparator(domain), 2);
  buf.set(hashStruct(types, primary, message), 34);
  return keccak256(buf);
}
