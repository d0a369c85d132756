import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keccak256, parseSignature, recoverAddressLower, setSecp256k1Backend, signDigest, privateKeyToAddress } from '@shared/crypto/index.js';
import { useNativeSecp256k1 } from '../../native/secp256k1.js';
import { manualTimers } from '../timers.js';
import { inlineBatch, SIGNER_IDLE_MS, SignatureVerifier, type SignerBatch } from './signatures.js';

const KEYS = ['0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318', `0x${'11'.repeat(32)}`, `0x${'22'.repeat(32)}`];

/** Digests and signatures of every kind: good, from other keys, wrong v, high s, garbage. */
function items(n: number, seed: number): Array<{ digest: Uint8Array; signature: string }> {
  return Array.from({ length: n }, (_, i) => {
    const digest = keccak256(new TextEncoder().encode(`item ${seed} ${i}`));
    const key = KEYS[i % KEYS.length] as string;
    const signature = signDigest(key, digest);
    switch ((seed + i) % 7) {
      case 1: // the other recovery id: recovers some other key
        return { digest, signature: `${signature.slice(0, -2)}${signature.endsWith('1b') ? '1c' : '1b'}` };
      case 2: // signed over another digest
        return { digest, signature: signDigest(key, keccak256(digest)) };
      case 3: // not a signature at all
        return { digest, signature: ['0xdeadbeef', '', '0x', `0x${'zz'.repeat(65)}`, `${signature.slice(0, -2)}05`][i % 5] as string };
      case 4: // r = 0: nothing recovers
        return { digest, signature: `0x${'00'.repeat(32)}${signature.slice(66)}` };
      default:
        return { digest, signature };
    }
  });
}

describe('SignatureVerifier', () => {
  let verifier: SignatureVerifier;

  beforeAll(async () => {
    await useNativeSecp256k1();
    verifier = new SignatureVerifier();
  });
  afterAll(async () => {
    await verifier.close();
    setSecp256k1Backend(null);
  });

  it('runs its worker where libsecp256k1 loads, and the worker recovers what it is given', async () => {
    expect(verifier.threaded).toBe(true);
    verifier.batch().end(); // starts the worker
    await verifier.online();
    const list = items(15, 1);
    const batch = verifier.batch();
    list.forEach((it, i) => batch.add(i, it.digest, it.signature));
    batch.submit();
    const before = verifier.stats.worker;
    await new Promise((r) => setTimeout(r, 200));
    list.forEach((it, i) => expect(batch.signer(i)).toBe(recoverAddressLower(it.digest, it.signature)));
    batch.end();
    // Malformed signatures are never shared: the calling thread answers those itself.
    expect(verifier.stats.worker - before).toBe(list.filter((it) => parseSignature(it.signature) !== null).length);
  });

  it('gives the signer the calling thread would, for every kind of signature, batches overlapping', async () => {
    const open: Array<{ batch: ReturnType<SignatureVerifier['batch']>; list: ReturnType<typeof items> }> = [];
    for (let round = 0; round < 40; round++) {
      const list = items(1 + (round % 17), round);
      const batch = verifier.batch();
      list.forEach((it, i) => batch.add(i, it.digest, it.signature));
      batch.submit();
      open.push({ batch, list });
      // Let the worker run, and settle batches out of step with their arrival, as a venue does.
      if (round % 3 === 0) await new Promise((r) => setTimeout(r, 1));
      while (open.length > (round % 4)) {
        const { batch: b, list: l } = open.shift() as (typeof open)[number];
        l.forEach((it, i) => expect(b.signer(i), `round ${round} item ${i}`).toBe(recoverAddressLower(it.digest, it.signature)));
        b.end();
      }
    }
    for (const { batch, list } of open) {
      list.forEach((it, i) => expect(batch.signer(i)).toBe(recoverAddressLower(it.digest, it.signature)));
      batch.end();
    }
    expect(items(3, 0).map((it) => recoverAddressLower(it.digest, it.signature))).toContain(privateKeyToAddress(KEYS[0] as string).toLowerCase());
  });

  it('recovers on the calling thread when every lane is taken, and withdraws what a batch left', () => {
    const batches = Array.from({ length: 12 }, () => verifier.batch());
    const list = items(5, 99);
    for (const b of batches) list.forEach((it, i) => b.add(i, it.digest, it.signature));
    for (const b of batches.reverse()) {
      expect(b.signer(4)).toBe(recoverAddressLower(list[4]!.digest, list[4]!.signature));
      b.end();
    }
    const after = verifier.batch();
    after.add(0, list[0]!.digest, list[0]!.signature);
    expect(after.signer(0)).toBe(recoverAddressLower(list[0]!.digest, list[0]!.signature));
    expect(after.signer(1)).toBeNull();
    after.end();
  });

  it('has an inline twin for venues without the worker', () => {
    const batch = inlineBatch();
    const list = items(7, 5);
    list.forEach((it, i) => batch.add(i, it.digest, it.signature));
    list.forEach((it, i) => expect(batch.signer(i)).toBe(recoverAddressLower(it.digest, it.signature)));
  });
});

/** Adds `list` to a new batch of `verifier`, hands it over, and checks every signer against the calling thread's. */
function recoverAll(batch: SignerBatch, list: ReturnType<typeof items>): void {
  list.forEach((it, i) => batch.add(i, it.digest, it.signature));
  batch.submit();
  list.forEach((it, i) => expect(batch.signer(i), `item ${i}`).toBe(recoverAddressLower(it.digest, it.signature)));
  batch.end();
}

describe('the signature worker, started when needed', () => {
  beforeAll(() => useNativeSecp256k1());
  afterAll(() => setSecp256k1Backend(null));

  it("does not exist until a batch wants it; the simulator's batches recover here", async () => {
    const timers = manualTimers();
    const verifier = new SignatureVerifier({ timers });
    expect(verifier.threaded).toBe(true);
    expect(verifier.running).toBe(false);
    recoverAll(verifier.batch({ worker: false }), items(6, 3));
    expect(verifier.running).toBe(false);
    expect(verifier.stats.starts).toBe(0);
    // The first batch that wants a worker starts it, and is answered right whether or not it is up yet.
    recoverAll(verifier.batch(), items(15, 4));
    expect(verifier.running).toBe(true);
    expect(verifier.stats.starts).toBe(1);
    await verifier.close();
    expect(verifier.running).toBe(false);
  });

  it('stops after a long spell without batches, and a later batch starts it again', async () => {
    const timers = manualTimers();
    const verifier = new SignatureVerifier({ timers });
    recoverAll(verifier.batch(), items(4, 5));
    await verifier.online();
    timers.advance(SIGNER_IDLE_MS / 2);
    recoverAll(verifier.batch(), items(4, 6));
    // The simulator's batches use a worker that is up, but do not keep it.
    timers.advance(SIGNER_IDLE_MS / 2 + 1000);
    recoverAll(verifier.batch({ worker: false }), items(4, 7));
    expect(verifier.running).toBe(true);
    timers.advance(SIGNER_IDLE_MS / 2);
    await verifier.settled();
    expect(verifier.running).toBe(false);
    expect(timers.pending).toBe(0);

    recoverAll(verifier.batch(), items(9, 8));
    expect(verifier.running).toBe(true);
    expect(verifier.stats.starts).toBe(2);
    await verifier.online();
    // The new worker takes its share: a batch left waiting is recovered there.
    const list = items(15, 9);
    const batch = verifier.batch();
    list.forEach((it, i) => batch.add(i, it.digest, it.signature));
    batch.submit();
    const before = verifier.stats.worker;
    for (let i = 0; i < 100 && verifier.pendingItems() > 0; i++) await new Promise((r) => setTimeout(r, 10));
    list.forEach((it, i) => expect(batch.signer(i)).toBe(recoverAddressLower(it.digest, it.signature)));
    batch.end();
    expect(verifier.stats.worker - before).toBe(list.filter((it) => parseSignature(it.signature) !== null).length);
    await verifier.close();
  });
});
