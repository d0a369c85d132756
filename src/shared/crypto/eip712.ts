// EIP-712 typed-data hashing, enough for the service's two structs (ClobAuth, Order) and for
// nested structs like the specification's own example. Type hashes are computed once per type.
import { keccak_256 } from '@noble/hashes/sha3.js';
import { fromHex, utf8 } from './bytes.js';

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
  if (!hash) byName.set(primary, (hash = keccak_256(utf8(encodeType(types, primary)))));
  return hash;
}

function toBigInt(value: Value, field: string): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  // BigInt() alone would read "" as 0 and allow whitespace: only plain decimal or 0x-hex.
  if (typeof value === 'string' && /^(\d+|0x[0-9a-fA-F]+)$/.test(value)) return BigInt(value);
  throw new TypeError(`${field} is not an unsigned integer (decimal string expected): ${JSON.stringify(value)}`);
}

function uint(value: Value, bits: number, field: string): Uint8Array {
  let n = toBigInt(value, field);
  const max = bits === 256 ? UINT256_MAX : (1n << BigInt(bits)) - 1n;
  if (n < 0n || n > max) throw new RangeError(`${field} is outside uint${bits}`);
  const out = new Uint8Array(32);
  for (let i = 31; i >= 0 && n > 0n; i--) {
    out[i] = Number(n & 0xffn);
    n >>= 8n;
  }
  return out;
}

function encodeValue(types: Types, type: string, value: Value, field: string): Uint8Array {
  if (types[type]) return hashStruct(types, type, value as Record<string, Value>);
  if (type === 'address') {
    const bytes = fromHex(String(value), field);
    if (bytes.length !== 20) throw new TypeError(`${field} is not a 20-byte address`);
    const out = new Uint8Array(32);
    out.set(bytes, 12);
    return out;
  }
  if (type === 'string') return keccak_256(utf8(String(value)));
  if (type === 'bytes') return keccak_256(fromHex(String(value), field));
  if (type === 'bytes32') {
    const bytes = fromHex(String(value), field);
    if (bytes.length !== 32) throw new TypeError(`${field} is not 32 bytes`);
    return bytes;
  }
  if (type === 'bool') return uint(value ? 1 : 0, 8, field);
  const m = /^uint(\d+)$/.exec(type);
  if (m) return uint(value, Number(m[1]), field);
  throw new TypeError(`EIP-712 type ${type} of ${field} is not supported`);
}

export function hashStruct(types: Types, primary: string, data: Readonly<Record<string, Value>>): Uint8Array {
  const fields = types[primary];
  if (!fields) throw new TypeError(`unknown EIP-712 type ${primary}`);
  const buf = new Uint8Array(32 * (fields.length + 1));
  buf.set(typeHash(types, primary), 0);
  fields.forEach(([name, type], i) => {
    const value = data[name];
    if (value === undefined) throw new TypeError(`${primary}.${name} is missing`);
    buf.set(encodeValue(types, type, value, `${primary}.${name}`), 32 * (i + 1));
  });
  return keccak_256(buf);
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
  return keccak_256(buf);
}
