// Signs the world's resting orders on a second thread while generation goes on (comments,
// derived tables, indexes), so the thousands of signatures a fresh world's books need add
// little to its start. Without libsecp256k1 (or if the thread fails) they are signed here.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { secp256k1BackendName, signDigest, toHex } from '@shared/crypto/index.js';
import { NATIVE_SECP256K1 } from '../../native/secp256k1.js';

// Plain JS run with `eval`: a module file beside this one would be missing from the bundled app.
const SOURCE = `
const { workerData } = require('node:worker_threads');
const binding = require(workerData.binding);
const done = new Int32Array(workerData.done);
const digests = new Uint8Array(workerData.digests);
const keys = new Uint8Array(workerData.keys);
const keyOf = new Uint16Array(workerData.keyOf);
const out = new Uint8Array(workerData.out);
for (let i = 0; i < keyOf.length; i++) {
  if (Atomics.load(done, 1) !== 0) break;
  const k = keyOf[i];
  const { signature, recid } = binding.ecdsaSign(digests.subarray(i * 32, i * 32 + 32), keys.subarray(k * 32, k * 32 + 32));
  out.set(signature, i * 65);
  out[i * 65 + 64] = recid;
  Atomics.store(done, 0, i + 1);
  if ((i & 255) === 255) Atomics.notify(done, 0);
}
Atomics.notify(done, 0);
`;

/** How long the caller waits without progress before it signs what is left itself. */
const STALL_MS = 5_000;

export interface Signatures {
  /** Every signature (0x + r ‖ s ‖ v), in the order the digests were given; waits for them,
   *  telling `onSigned` how many are signed now and then. */
  take(onSigned?: (signed: number) => void): string[];
}

/** Starts signing `digests[i]` with `keys[keyOf[i]]` (0x-hex private keys). */
export function signLater(keys: readonly string[], digests: readonly Uint8Array[], keyOf: readonly number[]): Signatures {
  const inline = (from: number, have: string[], onSigned?: (signed: number) => void): string[] => {
    for (let i = from; i < digests.length; i++) {
      have.push(signDigest(keys[keyOf[i] ?? 0] as string, digests[i] as Uint8Array));
      onSigned?.(i + 1);
    }
    return have;
  };
  let binding: string | undefined;
  if (secp256k1BackendName() === 'libsecp256k1' && digests.length > 0 && keys.length < 65_536) {
    try {
      binding = createRequire(import.meta.url).resolve(NATIVE_SECP256K1);
    } catch {
      binding = undefined;
    }
  }
  if (!binding) return { take: (onSigned) => inline(0, [], onSigned) };

  // [signed so far, stop]: the caller asks a stalled thread to stop rather than terminating it,
  // which could land inside the native addon (or its loading) and abort the whole process.
  const done = new Int32Array(new SharedArrayBuffer(8));
  const digestBytes = new Uint8Array(new SharedArrayBuffer(32 * digests.length));
  digests.forEach((d, i) => digestBytes.set(d, i * 32));
  const keyBytes = new Uint8Array(new SharedArrayBuffer(32 * keys.length));
  keys.forEach((k, i) => keyBytes.set(Buffer.from(k.replace(/^0x/, ''), 'hex'), i * 32));
  const keyIndex = new Uint16Array(new SharedArrayBuffer(2 * digests.length));
  keyIndex.set(keyOf);
  const out = new Uint8Array(new SharedArrayBuffer(65 * digests.length));
  let worker: Worker | undefined;
  try {
    worker = new Worker(SOURCE, { eval: true, workerData: { binding, done: done.buffer, digests: digestBytes.buffer, keys: keyBytes.buffer, keyOf: keyIndex.buffer, out: out.buffer } });
    worker.unref();
    worker.on('error', () => undefined); // a failed thread is seen as no progress below
  } catch {
    return { take: (onSigned) => inline(0, [], onSigned) };
  }
  return {
    take(onSigned) {
      for (;;) {
        const before = Atomics.load(done, 0);
        onSigned?.(Math.min(before, digests.length));
        if (before >= digests.length) break;
        if (Atomics.wait(done, 0, before, STALL_MS) === 'timed-out' && Atomics.load(done, 0) === before) break;
      }
      Atomics.store(done, 1, 1);
      const signed = Math.min(Atomics.load(done, 0), digests.length);
      const sigs = Array.from({ length: signed }, (_, i) => `${toHex(out.subarray(i * 65, i * 65 + 64))}${(27 + (out[i * 65 + 64] ?? 0)).toString(16)}`);
      return inline(signed, sigs, onSigned);
    },
  };
}
