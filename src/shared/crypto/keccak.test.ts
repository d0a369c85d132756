import { keccak_256 } from '@noble/hashes/sha3.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { keccak256, keccakBackend, keccakReady } from './keccak.js';
import { toHex } from './bytes.js';

describe('keccak256 (hash-wasm)', () => {
  beforeAll(() => keccakReady);

  it('runs on WebAssembly once loaded', () => {
    expect(keccakBackend()).toBe('hash-wasm');
  });

  it('matches @noble/hashes at every length around the block boundaries', () => {
    let seed = 1;
    const next = (): number => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
    for (let n = 0; n <= 3 * 136 + 2; n++) {
      const bytes = Uint8Array.from({ length: n }, next);
      expect(toHex(keccak256(bytes)), `length ${n}`).toBe(toHex(keccak_256(bytes)));
    }
  });

  it('hashes large inputs and subarrays of larger buffers', () => {
    const big = Uint8Array.from({ length: 200_000 }, (_, i) => (i * 31) & 0xff);
    expect(toHex(keccak256(big))).toBe(toHex(keccak_256(big)));
    expect(toHex(keccak256(big.subarray(7, 7 + 300)))).toBe(toHex(keccak_256(big.subarray(7, 7 + 300))));
  });

  it('returns a fresh array each time', () => {
    const a = keccak256(new Uint8Array([1]));
    const b = keccak256(new Uint8Array([2]));
    expect(toHex(a)).not.toBe(toHex(b));
    expect(toHex(a)).toBe(toHex(keccak_256(new Uint8Array([1]))));
  });
});
