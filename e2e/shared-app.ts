// One app for a describe block's tests (kept apart from support.ts, which the benches import
// outside the test runner).
import { afterAll, beforeAll } from 'vitest';
import { quietFirstMarket, startApp, type App, type AppOptions, type QuietMarket } from './support.js';

/** The app a describe block's tests share: started before them, closed after; call it in a test. */
export function appFor(opts: AppOptions = {}): () => App {
  let app: App | undefined;
  beforeAll(async () => {
    app = await startApp(opts);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });
  return () => {
    if (!app) throw new Error('the app has not started');
    return app;
  };
}


/**
 * An app whose first listed market is made quiet (`tickSize`), its maker bidding `bid` and asking
 * `ask`: a book only the tests move. Call it in a test (or a later hook).
 */
export function quietAppFor(tickSize: Parameters<typeof quietFirstMarket>[1], bid: string, ask: string): () => QuietMarket & { app: App } {
  const app = appFor();
  let quiet: QuietMarket | undefined;
  beforeAll(async () => {
    quiet = await quietFirstMarket(app(), tickSize);
    await quiet.quote('BUY', bid);
    await quiet.quote('SELL', ask);
  }, 120_000);
  return () => {
    if (!quiet) throw new Error('the quiet market is not ready');
    return { ...quiet, app: app() };
  };
}
