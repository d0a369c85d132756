// keccak256 (the original Keccak padding, as Ethereum uses, not SHA-3's). hash-wasm's WebAssembly
// sponge is several times faster than the pure-JS one, which had become most of the cost of
// hashing an order; it loads asynchronously, so until it is ready (and wherever WebAssembly is
// unavailable or refused by a content security policy) @noble/hashes does the work.
import { keccak_256 } from '@noble/hashes/sha3.js';
import { createKeccak, type IHasher } from 'hash-wasm';

let hasher: IHasher | undefined;
/** Resolves once the WebAssembly hasher is in use (or failed to load and never will be). */
export const keccakReady: Promise<void> = createKeccak(256).then(
  (h) => {
    hasher = h;
  },
  () => undefined,
);

export function keccak256(bytes: Uint8Array): Uint8Array {
  if (!hasher) return keccak_256(bytes);
  hasher.init();
  hasher.update(bytes);
  return hasher.digest('binary');
}

/** Which implementation hashes now: for diagnostics and tests. */
export function keccakBackend(): 'hash-wasm' | 'noble' {
  return hasher ? 'hash-wasm' : 'noble';
}
