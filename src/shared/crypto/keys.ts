// Wallet keys: addresses (EIP-55), and secp256k1 signatures in the Ethereum form r ‖ s ‖ v.
// The audited pure-JS @noble/curves path is the default; a host may install a faster backend
// (libsecp256k1 through N-API, see src/native/secp256k1.ts) since order throughput hinges on it.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak256 } from './keccak.js';
import { bytesToHex, fromHex, toHex, utf8 } from './bytes.js';

export interface Secp256k1Backend {
  readonly name: string;
  /** 64-byte compact signature (low s) and the recovery id of a 32-byte digest. */
  sign(digest: Uint8Array, privateKey: Uint8Array): { signature: Uint8Array; recovery: number };
  /** 65-byte uncompressed public key, or null when the signature does not recover. */
  recover(digest: Uint8Array, signature: Uint8Array, recovery: number): Uint8Array | null;
  /** 65-byte uncompressed public key of a private key. */
  publicKey(privateKey: Uint8Array): Uint8Array;
}

const noble: Secp256k1Backend = {
  name: '@noble/curves',
  sign(digest, privateKey) {
    const sig = secp256k1.sign(digest, privateKey, { prehash: false, format: 'recovered' });
    return { signature: sig.subarray(1), recovery: sig[0] as number };
  },
  recover(digest, signature, recovery) {
    try {
      const recovered = new Uint8Array(65);
      recovered[0] = recovery;
      recovered.set(signature, 1);
      const pub = secp256k1.recoverPublicKey(recovered, digest, { prehash: false });
      return secp256k1.Point.fromBytes(pub).toBytes(false);
    } catch {
      return null;
    }
  },
  publicKey(privateKey) {
    return secp256k1.getPublicKey(privateKey, false);
  },
};

let backend: Secp256k1Backend = noble;

export function setSecp256k1Backend(next: Secp256k1Backend | null): void {
  backend = next ?? noble;
}

export function secp256k1BackendName(): string {
  return backend.name;
}

export { keccak256 };

function privateKeyBytes(privateKeyHex: string): Uint8Array {
  const key = fromHex(privateKeyHex, 'private key');
  if (key.length !== 32 || !secp256k1.utils.isValidSecretKey(key)) throw new TypeError('private key must be 32 bytes in the secp256k1 range');
  return key;
}

function addressOfPublicKey(pub: Uint8Array): string {
  return toChecksumAddress(toHex(keccak256(pub.subarray(1)).subarray(12)));
}

export function isAddress(value: string): boolean {
  return /^0x[0-9a-fA-F]{40}$/.test(value);
}

/** EIP-55 mixed-case checksum form of an address. */
export function toChecksumAddress(address: string): string {
  if (!isAddress(address)) throw new TypeError(`not an address: ${address}`);
  const lower = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak256(utf8(lower)));
  let out = '0x';
  for (let i = 0; i < 40; i++) out += parseInt(hash[i] as string, 16) >= 8 ? (lower[i] as string).toUpperCase() : lower[i];
  return out;
}

export function privateKeyToAddress(privateKeyHex: string): string {
  return addressOfPublicKey(backend.publicKey(privateKeyBytes(privateKeyHex)));
}

/** A fresh random private key (0x + 64 hex) from the platform's CSPRNG. */
export function randomPrivateKey(): string {
  return toHex(secp256k1.utils.randomSecretKey());
}

/** Signs a 32-byte digest: 0x + r ‖ s ‖ v with v = 27 or 28. */
export function signDigest(privateKeyHex: string, digest: Uint8Array): string {
  if (digest.length !== 32) throw new TypeError(`digest must be 32 bytes, got ${digest.length}`);
  const { signature, recovery } = backend.sign(digest, privateKeyBytes(privateKeyHex));
  return `${toHex(signature)}${(27 + recovery).toString(16)}`;
}

/** The checksummed address that signed `digest`, or null for a malformed or unrecoverable signature. */
export function recoverAddress(digest: Uint8Array, signatureHex: string): string | null {
  const lower = recoverAddressLower(digest, signatureHex);
  return lower === null ? null : toChecksumAddress(lower);
}

/** Like recoverAddress, in lower case: skips the checksum hash where only a comparison follows. */
export function recoverAddressLower(digest: Uint8Array, signatureHex: string): string | null {
  const sig = parseSignature(signatureHex);
  if (sig === null || digest.length !== 32) return null;
  const pub = backend.recover(digest, sig.signature, sig.recovery);
  return pub ? publicKeyAddressLower(pub) : null;
}

/** r ‖ s and the recovery id of a 0x + 130 hex signature (v = 27/28 or 0/1), or null. */
export function parseSignature(signatureHex: string): { signature: Uint8Array; recovery: number } | null {
  let sig: Uint8Array;
  try {
    sig = fromHex(signatureHex, 'signature');
  } catch {
    return null;
  }
  if (sig.length !== 65) return null;
  const v = sig[64] as number;
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery !== 0 && recovery !== 1) return null;
  return { signature: sig.subarray(0, 64), recovery };
}

/** Lower-case address of a 65-byte uncompressed public key. */
export function publicKeyAddressLower(pub: Uint8Array): string {
  return toHex(keccak256(pub.subarray(1)).subarray(12));
}
