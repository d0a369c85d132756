// One app for a describe block's tests (kept apart from support.ts, which the benches import
// outside the test runner).
import { afterAll, beforeAll } from 'vitest';
import { startApp, type App, type AppOptions } from './support.js';

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

