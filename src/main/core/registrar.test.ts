// The registrar on its own: what it refuses, the order it starts and stops domains in, and the
// `calls.stale` it pushes after a call that makes answers stale (whether the call worked or not).
import { describe, expect, it } from 'vitest';
import { CALL_NAMES, type CallName, type EventName, type EventPayload } from '@shared/ipc/contract.js';
import type { Handlers } from './router.js';
import { Registrar, type Domain } from './registrar.js';

/** A handler for every call not named by `except` (a call, or a prefix such as `orders.`): what the other domains would serve. */
function rest(except: readonly string[]): Domain {
  const handlers: Partial<Handlers> = {};
  const left = (n: CallName): boolean => !except.some((e) => (e.endsWith('.') ? n.startsWith(e) : n === e));
  for (const n of CALL_NAMES) if (left(n)) (handlers as Record<string, () => unknown>)[n] = () => ({});
  return { name: 'rest', handlers };
}

function recorder() {
  const pushed: Array<{ name: EventName; payload: unknown }> = [];
  const emit = <N extends EventName>(name: N, payload: EventPayload<N>): void => void pushed.push({ name, payload });
  return { pushed, emit };
}

describe('the registrar', () => {
  it('refuses two domains of one name, and says which', () => {
    const { emit } = recorder();
    expect(() => new Registrar([rest([]), { name: 'rest', handlers: {} }], emit)).toThrow('two core domains are named "rest"');
  });

  it('refuses two handlers of one call, naming both domains', () => {
    const { emit } = recorder();
    const twice: Domain = { name: 'orders', handlers: { 'orders.open': () => ({ data: [], fetchedAt: 0, stale: false, ageMs: 0 }) } };
    expect(() => new Registrar([rest([]), twice], emit)).toThrow('the call orders.open is handled by two domains, "rest" and "orders"');
  });

  it('refuses a contract prefix split between two domains', () => {
    const { emit } = recorder();
    const cancels: Domain = { name: 'cancels', handlers: { 'orders.cancel': () => ({ canceled: [], notCanceled: {} }) } };
    expect(() => new Registrar([rest(['orders.cancel']), cancels], emit)).toThrow('the calls orders.* are served by two domains, "rest" and "cancels"');
  });

  it('refuses a contract call no domain handles', () => {
    const { emit } = recorder();
    expect(() => new Registrar([rest(['alerts.list', 'sync.status'])], emit)).toThrow('no domain handles sync.status, alerts.list');
  });

  it('starts the domains in the listed order, stops them in reverse and closes them last, in reverse', async () => {
    const { emit } = recorder();
    const seen: string[] = [];
    const domain = (name: string, busy?: Promise<void>): Domain => ({
      name,
      handlers: {},
      start: () => void seen.push(`start ${name}`),
      stop: () => (seen.push(`stop ${name}`), busy),
      close: () => void seen.push(`close ${name}`),
    });
    const busy = Promise.resolve();
    const r = new Registrar([rest([]), domain('a'), domain('b', busy), domain('c')], emit);
    r.start();
    r.start();
    expect(seen).toEqual(['start a', 'start b', 'start c']);
    const under = r.stop();
    expect(seen.slice(3)).toEqual(['stop c', 'stop b', 'stop a']);
    expect(under).toEqual([busy]);
    r.close({ info: () => undefined, warn: () => undefined, error: () => undefined });
    expect(seen.slice(6)).toEqual(['close c', 'close b', 'close a']);
  });

  it('a failing last step is logged and the others still run', () => {
    const { emit } = recorder();
    const warned: string[] = [];
    const seen: string[] = [];
    const r = new Registrar([rest([]), { name: 'a', handlers: {}, close: () => void seen.push('a') }, { name: 'b', handlers: {}, close: () => { throw new Error('disk gone'); } }], emit);
    r.close({ info: () => undefined, warn: (m, f) => void warned.push(`${m} ${JSON.stringify(f)}`), error: () => undefined });
    expect(seen).toEqual(['a']);
    expect(warned).toEqual(['closing: the b domain did not finish its last step {"error":"disk gone"}']);
  });

  it('pushes calls.stale after a call that makes answers stale, also when it fails, and never while closing', async () => {
    const { pushed, emit } = recorder();
    let closing = false;
    let fail = false;
    const orders: Domain = {
      name: 'orders',
      handlers: {
        'orders.cancel': () => {
          if (fail) throw new Error('venue away');
          return { canceled: ['o1'], notCanceled: {} };
        },
        'orders.submit': () => [],
        'orders.preview': () => [],
        'orders.open': () => ({ data: [], fetchedAt: 0, stale: false, ageMs: 0 }),
        'orders.journal': () => [],
      },
      invalidates: {
        'orders.cancel': ['orders.open', 'orders.journal', 'orders.open'],
        // Read from the answer: only a failed batch (none here) says anything.
        'orders.submit': (_args, out) => (out === undefined ? ['portfolio.balance'] : []),
      },
    };
    const r = new Registrar([rest(['orders.']), orders], emit, () => closing);
    const cancel = r.handlers['orders.cancel'];
    await expect(cancel({ accountId: 'a', all: true })).resolves.toEqual({ canceled: ['o1'], notCanceled: {} });
    expect(pushed).toEqual([{ name: 'calls.stale', payload: { names: ['orders.open', 'orders.journal'] } }]);
    fail = true;
    await expect(cancel({ accountId: 'a', all: true })).rejects.toThrow('venue away');
    expect(pushed).toHaveLength(2);
    await r.handlers['orders.submit']({ accountId: 'a', lines: [] });
    expect(pushed).toHaveLength(2);
    // A call that makes nothing stale is served as it is.
    await r.handlers['orders.open']({ accountId: 'a' });
    expect(pushed).toHaveLength(2);
    closing = true;
    await expect(cancel({ accountId: 'a', all: true })).rejects.toThrow('venue away');
    expect(pushed).toHaveLength(2);
  });
});
