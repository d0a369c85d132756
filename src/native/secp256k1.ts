// libsecp256k1 through the `secp256k1` package's N-API binding, when its prebuild loads on this
// platform: recovering an order's signer is ~30× faster than pure JS, which order throughput
// needs. Main-process and venue code call this once at start; without it the pure-JS path stays.
// Node only, and apart from src/shared (which runs in the renderer too and loads no module at
// run time): both the core and the venue import it, neither importing the other.
import { setSecp256k1Backend, type Secp256k1Backend } from '@shared/crypto/keys.js';

interface Binding {
  ecdsaSign(msg32: Uint8Array, seckey: Uint8Array): { signature: Uint8Array; recid: number };
  ecdsaRecover(sig: Uint8Array, recid: number, msg32: Uint8Array, compressed: boolean): Uint8Array;
  publicKeyCreate(seckey: Uint8Array, compressed: boolean): Uint8Array;
}

/** The package's own entry falls back to a JS curve silently; its `bindings` entry does not. */
export const NATIVE_SECP256K1 = 'secp256k1/bindings.js';

export async function useNativeSecp256k1(): Promise<boolean> {
  let binding: Binding;
  try {
    const specifier = NATIVE_SECP256K1;
    const mod = (await import(/* @vite-ignore */ specifier)) as { default?: Binding } & Binding;
    binding = mod.default ?? mod;
  } catch {
    return false;
  }
  const backend: Secp256k1Backend = {
    name: 'libsecp256k1',
    sign: (digest, key) => {
      const { signature, recid } = binding.ecdsaSign(digest, key);
      return { signature, recovery: recid };
    },
    recover: (digest, signature, recovery) => {
      try {
        return binding.ecdsaRecover(signature, recovery, digest, false);
      } catch {
        return null;
      }
    },
    publicKey: (key) => binding.publicKeyCreate(key, false),
  };
  setSecp256k1Backend(backend);
  return true;
}
