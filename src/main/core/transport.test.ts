import { describe, expect, it } from 'vitest';
import { deferredDispatcher, type Dispatcher } from './transport.js';

describe('deferredDispatcher', () => {
  it('holds calls made before the core is built and answers them from it once built', async () => {
    let built: (d: Dispatcher) => void = () => undefined;
    const seen: unknown[] = [];
    const router = deferredDispatcher(new Promise<Dispatcher>((done) => (built = done)));
    const early = router.dispatch('markets.list', { limit: 1 });
    let answered = false;
    void early.then(() => (answered = true));
    await Promise.resolve();
    expect(answered).toBe(false);
    built({
      dispatch: (name, input) => {
        seen.push([name, input]);
        return Promise.resolve({ ok: true, data: name });
      },
    });
    await expect(early).resolves.toEqual({ ok: true, data: 'markets.list' });
    await expect(router.dispatch('settings.get', {})).resolves.toEqual({ ok: true, data: 'settings.get' });
    expect(seen).toEqual([['markets.list', { limit: 1 }], ['settings.get', {}]]);
  });

  it('answers with the internal error, never a rejection, when the core could not be built', async () => {
    const router = deferredDispatcher(Promise.reject(new Error('damaged cache')));
    await expect(router.dispatch('markets.list', {})).resolves.toEqual({ ok: false, error: { code: 'INTERNAL', message: 'the app could not start its core' } });
  });
});
