// Order signers recovered on a second thread. Recovering a public key is the largest single
// cost of an order (70–90 µs in libsecp256k1 on the reference machine), so it moves off the
// thread that settles orders. The main thread hashes each order and hands its signature over at
// once; the worker recovers the oldest batch's items first, from the last item down, while the
// main thread settles the batches before it. When the main thread reaches a batch it asks for
// each signer in order and recovers itself, from the first item up, whatever the worker has not
// started: a lone batch is shared between both threads, and under load the worker keeps ahead.
// Settlement stays on the main thread, in arrival order.
//
// The threads share one slot per item in a SharedArrayBuffer, in lanes of one batch each. A
// slot's state word holds its batch's tag and a phase, so a late result from an earlier batch
// is never taken for the current one. Without the native binding (or if the worker dies) every
// signer is recovered on the main thread, exactly as before.
//
// The worker (a V8 isolate, 10–15 MB) starts with the first batch, which the main thread
// recovers by itself while the worker boots, and stops after a minute without batches: most
// sessions place no order, and the simulator's own batches recover here (see `batch`).
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { parseSignature, publicKeyAddressLower, recoverAddressLower, secp256k1BackendName } from '@shared/crypto/index.js';
import { NATIVE_SECP256K1 } from '../../native/secp256k1.js';
import { BoundedMemo } from '@shared/domain/memo.js';
import { systemTimers, type IdleTimers } from '../timers.js';

/** Batches that can be in flight at once, and items of each the worker can take. */
const LANES = 8;
const SLOTS = 16;
/** Per slot: digest (32), r ‖ s (64), recovered key (65), recovery id (1). */
const STRIDE = 168;
const PUB = 96;
const RECID = 161;
/** Phases, in the low 3 bits of a state word; the batch tag is above them. */
const PENDING = 1;
const CLAIMED = 2;
const RECOVERED = 3;
const FAILED = 4;
const TAGS = 0x0fffffff;
/**
 * Control words: publish counter (the worker sleeps on it), stop flag, whether the worker
 * sleeps, the slot (+ 1) the main thread waits on, the newest tag; then each lane's tag (0 when
 * free) and item count; then one state word per slot. Waking a thread costs tens of µs on a VM,
 * so each side wakes the other only when it is asleep.
 */
const SEQ = 0;
const STOP = 1;
const SLEEPING = 2;
const WAITING = 3;
const NEWEST = 4;
const LANE_TAG = 5;
const LANE_COUNT = LANE_TAG + LANES;
const STATE = LANE_COUNT + LANES;
/** Longest the main thread waits for an item the worker is on before recovering it itself. */
const WAIT_MS = 2;
/** How long the worker outlives the last batch that used it. */
export const SIGNER_IDLE_MS = 60_000;

// Plain JS run with `eval`: a module file beside this one would be missing from the bundled app.
const SOURCE = `
const { workerData } = require('node:worker_threads');
const binding = require(workerData.binding);
const ctl = new Int32Array(workerData.ctl);
const bytes = new Uint8Array(workerData.bytes);
const { LANES, SLOTS, STRIDE, PUB, RECID, PENDING, CLAIMED, RECOVERED, FAILED, TAGS, SEQ, STOP, SLEEPING, WAITING, NEWEST, LANE_TAG, LANE_COUNT, STATE } = workerData.layout;
const digest = new Uint8Array(32);
const sig = new Uint8Array(64);
const pub = new Uint8Array(65);
let claimed = 0;

/** The oldest batch's highest pending item, claimed (its state word in \`claimed\`); or -1. */
function claim() {
  const newest = Atomics.load(ctl, NEWEST);
  let searched = 0; // lanes, as a bit set
  for (;;) {
    let lane = -1;
    let age = -1;
    for (let l = 0; l < LANES; l++) {
      const tag = Atomics.load(ctl, LANE_TAG + l);
      if (tag !== 0 && !(searched & (1 << l)) && ((newest - tag) & TAGS) > age) {
        lane = l;
        age = (newest - tag) & TAGS;
      }
    }
    if (lane < 0) return -1;
    searched |= 1 << lane;
    for (let i = Atomics.load(ctl, LANE_COUNT + lane) - 1; i >= 0; i--) {
      const slot = lane * SLOTS + i;
      const s = Atomics.load(ctl, STATE + slot);
      if ((s & 7) === PENDING && Atomics.compareExchange(ctl, STATE + slot, s, s - PENDING + CLAIMED) === s) {
        claimed = s - PENDING + CLAIMED;
        return slot;
      }
    }
  }
}

while (Atomics.load(ctl, STOP) === 0) {
  const seq = Atomics.load(ctl, SEQ);
  const slot = claim();
  if (slot < 0) {
    Atomics.store(ctl, SLEEPING, 1);
    if (Atomics.load(ctl, SEQ) === seq) Atomics.wait(ctl, SEQ, seq);
    Atomics.store(ctl, SLEEPING, 0);
    continue;
  }
  const o = slot * STRIDE;
  digest.set(bytes.subarray(o, o + 32));
  sig.set(bytes.subarray(o + 32, o + 96));
  let ok = true;
  try {
    binding.ecdsaRecover(sig, bytes[o + RECID], digest, false, pub);
  } catch {
    ok = false;
  }
  if (Atomics.load(ctl, STATE + slot) !== claimed) continue;
  if (ok) bytes.set(pub, o + PUB);
  const done = claimed - CLAIMED + (ok ? RECOVERED : FAILED);
  if (Atomics.compareExchange(ctl, STATE + slot, claimed, done) === claimed && Atomics.load(ctl, WAITING) === slot + 1) {
    Atomics.notify(ctl, STATE + slot);
  }
}
`;

/** The signers of one batch: `add` each item's signature as it is hashed, then ask `signer` in order. */
export interface SignerBatch {
  add(index: number, digest: Uint8Array, signature: string): void;
  /** Hands what was added to the worker; call once the batch's items are all added. */
  submit(): void;
  /** Lower-case address that signed item `index`, or null for a malformed or unrecoverable signature. */
  signer(index: number): string | null;
  /** Frees the batch's lane; withdraws whatever the worker has not started. */
  end(): void;
}

export class SignatureVerifier {
  private readonly ctl = new Int32Array(new SharedArrayBuffer(4 * (STATE + LANES * SLOTS)));
  private readonly bytes = new Uint8Array(new SharedArrayBuffer(STRIDE * LANES * SLOTS));
  /** The native binding's file, for the worker; undefined when recovery stays on this thread. */
  private readonly binding: string | undefined;
  private worker: Worker | undefined;
  /** The worker is up and has not been asked to stop. */
  private alive = false;
  /** The worker failed: every signer is recovered here from then on. */
  private broken = false;
  /** Resolves once a worker asked to stop has exited. */
  private stopping: Promise<void> | undefined;
  private up: Promise<void> | undefined;
  private closed = false;
  private cancelIdle: (() => void) | undefined;
  private lastUsed = 0;
  private tag = 0;
  /** Public key → address: a venue sees few distinct signers, and this saves a keccak each. */
  private readonly addresses = new BoundedMemo<string, string>(4096);
  /** Signers recovered by the worker and by the calling thread (shared items only); workers started. */
  readonly stats = { worker: 0, here: 0, starts: 0 };

  /** Recovers on a worker when libsecp256k1 is the signature backend (started with the first batch); otherwise inline. */
  constructor(
    private readonly opts: { idleMs?: number; timers?: IdleTimers } = {},
  ) {
    if (secp256k1BackendName() === 'libsecp256k1') {
      try {
        this.binding = createRequire(import.meta.url).resolve(NATIVE_SECP256K1);
      } catch {
        this.binding = undefined;
      }
    }
  }

  /** Whether signers are recovered on a worker (once one is needed). */
  get threaded(): boolean {
    return this.binding !== undefined && !this.broken;
  }

  /** Whether a worker thread exists now (starting, running or stopping). */
  get running(): boolean {
    return this.worker !== undefined;
  }

  /**
   * A new batch's signers. `worker: false` (the simulator's batches) never starts the worker,
   * nor keeps it from stopping: those batches recover here unless it is already up.
   */
  batch({ worker = true } = {}): SignerBatch {
    if (worker && this.threaded && !this.stopping && !this.closed) {
      this.lastUsed = this.timers.now();
      if (!this.worker) this.start();
    }
    const { ctl } = this;
    let lane = -1;
    for (let l = 0; l < LANES && this.alive; l++) {
      if (Atomics.load(ctl, LANE_TAG + l) === 0) {
        lane = l;
        break;
      }
    }
    if (lane < 0) return inlineBatch();
    this.tag = this.tag >= TAGS ? 1 : this.tag + 1;
    const tag = this.tag;
    Atomics.store(ctl, LANE_COUNT + lane, 0);
    Atomics.store(ctl, NEWEST, tag);
    Atomics.store(ctl, LANE_TAG + lane, tag);
    return new LaneBatch(this, lane, tag << 3);
  }

  private get timers(): IdleTimers {
    return this.opts.timers ?? systemTimers;
  }

  /** Boots the worker; batches share their items with it at once, and recover here what it has not reached. */
  private start(): void {
    Atomics.store(this.ctl, STOP, 0);
    Atomics.store(this.ctl, SLEEPING, 0);
    let worker: Worker;
    try {
      worker = new Worker(SOURCE, {
        eval: true,
        workerData: {
          binding: this.binding,
          ctl: this.ctl.buffer,
          bytes: this.bytes.buffer,
          layout: { LANES, SLOTS, STRIDE, PUB, RECID, PENDING, CLAIMED, RECOVERED, FAILED, TAGS, SEQ, STOP, SLEEPING, WAITING, NEWEST, LANE_TAG, LANE_COUNT, STATE },
        },
      });
    } catch {
      // No thread to be had: recover here, as without the binding.
      this.broken = true;
      return;
    }
    worker.unref();
    this.worker = worker;
    this.up = new Promise((resolve) => {
      worker.once('online', resolve);
      worker.once('exit', () => resolve());
    });
    this.alive = true;
    this.stats.starts++;
    worker.on('error', () => {
      this.broken = true;
      this.alive = false;
    });
    worker.once('exit', () => {
      // Exiting unasked is a failure too.
      if (this.alive) this.broken = true;
      this.alive = false;
      this.worker = undefined;
      this.cancelIdle?.();
      this.cancelIdle = undefined;
    });
    this.watchIdle(this.idleMs);
  }

  private get idleMs(): number {
    return this.opts.idleMs ?? SIGNER_IDLE_MS;
  }

  /** Checks after `ms` whether the worker has been idle long enough to stop. */
  private watchIdle(ms: number): void {
    this.cancelIdle = this.timers.after(ms, () => {
      this.cancelIdle = undefined;
      if (!this.alive) return;
      const left = this.lastUsed + this.idleMs - this.timers.now();
      let busy = false;
      for (let l = 0; l < LANES; l++) busy ||= Atomics.load(this.ctl, LANE_TAG + l) !== 0;
      if (left > 0 || busy) this.watchIdle(Math.max(left, 1000));
      else void this.stop();
    });
  }

  /** Stops the worker (no batch holds a lane); the next batch that wants one starts another. */
  private stop(): Promise<void> {
    const worker = this.worker;
    if (!worker) return Promise.resolve();
    if (this.stopping) return this.stopping;
    this.alive = false;
    this.cancelIdle?.();
    this.cancelIdle = undefined;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    Atomics.store(this.ctl, STOP, 1);
    Atomics.add(this.ctl, SEQ, 1);
    Atomics.notify(this.ctl, SEQ);
    this.stopping = worker
      .terminate()
      .then(() => exited)
      .finally(() => {
        this.stopping = undefined;
      });
    return this.stopping;
  }

  /** @internal Resolves once the worker runs, if one was started (tests). */
  async online(): Promise<void> {
    await this.up;
  }

  /** @internal Items handed over that nobody has finished (tests). */
  pendingItems(): number {
    let n = 0;
    for (let slot = 0; slot < LANES * SLOTS; slot++) {
      const phase = Atomics.load(this.ctl, STATE + slot) & 7;
      if (phase === PENDING || phase === CLAIMED) n++;
    }
    return n;
  }

  /** @internal Resolves once no worker is on its way out (tests). */
  async settled(): Promise<void> {
    await this.stopping;
  }

  /** @internal */
  publish(slot: number, digest: Uint8Array, signature: Uint8Array, recovery: number, state: number, count: number, lane: number): void {
    const { ctl, bytes } = this;
    const o = slot * STRIDE;
    bytes.set(digest, o);
    bytes.set(signature, o + 32);
    bytes[o + RECID] = recovery;
    if (Atomics.load(ctl, LANE_COUNT + lane) < count) Atomics.store(ctl, LANE_COUNT + lane, count);
    Atomics.store(ctl, STATE + slot, state);
  }

  /** @internal Tells the worker there is work: once per batch, as each wake is a system call. */
  wake(): void {
    Atomics.add(this.ctl, SEQ, 1);
    if (Atomics.load(this.ctl, SLEEPING) === 1) Atomics.notify(this.ctl, SEQ, 1);
  }

  /** @internal The signer of a published slot, from the worker or recovered here. */
  take(slot: number, tag: number, digest: Uint8Array, signature: string): string | null {
    const { ctl } = this;
    const word = STATE + slot;
    // Not started by the worker: take it back and recover it here.
    let state = Atomics.compareExchange(ctl, word, tag | PENDING, 0);
    if (state === (tag | PENDING)) {
      this.stats.here++;
      return recoverAddressLower(digest, signature);
    }
    if (state === (tag | CLAIMED)) {
      Atomics.store(ctl, WAITING, slot + 1);
      const deadline = performance.now() + WAIT_MS;
      try {
        for (let left = WAIT_MS; (state = Atomics.load(ctl, word)) === (tag | CLAIMED) && this.alive && left > 0; left = deadline - performance.now()) {
          Atomics.wait(ctl, word, state, left);
        }
      } catch {
        // A host whose main thread may not block: recover it here instead.
      }
      Atomics.store(ctl, WAITING, 0);
    }
    if (state === (tag | RECOVERED) || state === (tag | FAILED)) {
      this.stats.worker++;
      return state === (tag | FAILED) ? null : this.address(this.bytes.subarray(slot * STRIDE + PUB, slot * STRIDE + PUB + 65));
    }
    // The worker is slow or gone: recover here; its late answer no longer matches the slot.
    Atomics.compareExchange(ctl, word, state, 0);
    this.stats.here++;
    return recoverAddressLower(digest, signature);
  }

  /** @internal */
  release(lane: number, tag: number, used: number): void {
    for (let i = 0; i < used; i++) Atomics.compareExchange(this.ctl, STATE + lane * SLOTS + i, tag | PENDING, 0);
    Atomics.store(this.ctl, LANE_TAG + lane, 0);
  }

  private address(pub: Uint8Array): string {
    return this.addresses.get(Buffer.from(pub.buffer, pub.byteOffset + 1, 64).toString('latin1'), () => publicKeyAddressLower(pub));
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.stop();
  }
}

class LaneBatch implements SignerBatch {
  private readonly items = new Map<number, { digest: Uint8Array; signature: string; shared: boolean }>();
  private used = 0;
  private ended = false;

  constructor(
    private readonly verifier: SignatureVerifier,
    private readonly lane: number,
    private readonly tag: number,
  ) {}

  add(index: number, digest: Uint8Array, signature: string): void {
    const sig = index < SLOTS && digest.length === 32 ? parseSignature(signature) : null;
    this.items.set(index, { digest, signature, shared: sig !== null });
    if (!sig) return;
    this.used = Math.max(this.used, index + 1);
    this.verifier.publish(this.lane * SLOTS + index, digest, sig.signature, sig.recovery, this.tag | PENDING, this.used, this.lane);
  }

  submit(): void {
    if (this.used > 0) this.verifier.wake();
  }

  signer(index: number): string | null {
    const item = this.items.get(index);
    if (!item) return null;
    if (!item.shared) return recoverAddressLower(item.digest, item.signature);
    return this.verifier.take(this.lane * SLOTS + index, this.tag, item.digest, item.signature);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.verifier.release(this.lane, this.tag, this.used);
  }
}

/**
 * A batch whose every item was signed in this process by `address`'s own key (the simulator's):
 * recovering it again would only prove what is known. Its signatures are still real and stored.
 */
export function knownSignerBatch(address: string): SignerBatch {
  const signer = address.toLowerCase();
  const items = new Set<number>();
  return {
    add: (index) => void items.add(index),
    submit: () => undefined,
    signer: (index) => (items.has(index) ? signer : null),
    end: () => undefined,
  };
}

/** Every signer recovered on the calling thread, as the venue did before it had a worker. */
export function inlineBatch(): SignerBatch {
  const items = new Map<number, { digest: Uint8Array; signature: string }>();
  return {
    add: (index, digest, signature) => void items.set(index, { digest, signature }),
    submit: () => undefined,
    signer: (index) => {
      const item = items.get(index);
      return item ? recoverAddressLower(item.digest, item.signature) : null;
    },
    end: () => undefined,
  };
}
