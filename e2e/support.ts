// The real renderer + real core + real local venue, in Debian's Chromium through the browser host.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createCore, type Core } from '../src/main/core/index.js';
import { localProfile } from '../src/main/core/local-profile.js';
import { startHost, type RunningHost } from '../src/host/server.js';
import { startTestVenue, type TestVenue } from '../src/venue/test-support.js';

export const SHOTS = resolve('e2e/screenshots');
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
export const RENDERER = resolve('out/renderer');

/** Debian's Chromium, headless, with nothing reaching beyond loopback (tests and benches). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Why the browser tests cannot run here, or undefined when they can. */
export function skipReason(): string | undefined {
  if (!existsSync(CHROMIUM)) return `no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`;
  if (!existsSync(join(RENDERER, 'index.html'))) return 'the renderer is not built (npm test builds it; or run npx electron-vite build)';
  return undefined;
}

export interface App {
  venue: TestVenue;
  core: Core;
  host: RunningHost;
  browser: Browser;
  page: Page;
  dataDir: string;
  /** Moves the core's clock forward (ms), so cached answers age past their freshness. */
  skew: { ms: number };
  shot(name: string): Promise<void>;
  /** Stops the host and the core and starts new ones on the same data folder and venue, as a relaunch does; the page follows. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface AppOptions {
  size?: 'small' | 'default';
  rateLimitScale?: number;
  /**
   * The core's waits between retries of throttled lines move the venue's and the core's clocks
   * forward instead of passing: the venue sees its delay kept, the test does not wait it out.
   */
  instantRetries?: boolean;
  /**
   * The venue as a deployment with nothing beyond the spec (venue-profile G): spec-only mode with
   * real deployments' representation quirks. Its funded account and order domain are on `venue`.
   */
  specOnly?: boolean;
}

export async function startApp(opts: AppOptions = {}): Promise<App> {
  const waited = { ms: 0 };
  const venue = await startTestVenue({
    ...(opts.size ? { size: opts.size } : {}),
    ...(opts.rateLimitScale !== undefined ? { rateLimitScale: opts.rateLimitScale } : {}),
    ...(opts.instantRetries ? { now: () => Date.now() + waited.ms } : {}),
    ...(opts.specOnly ? { specOnly: true, representation: 'varied' as const } : {}),
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'kairos-e2e-'));
  const skew = { ms: 0 };
  const hostRef: { current?: RunningHost } = {};
  const makeCore = (): Core =>
    createCore({
      emit: (name, payload) => hostRef.current?.emit(name, payload),
      clock: { now: () => Date.now() + skew.ms + waited.ms },
      ...(opts.instantRetries ? { sleep: async (ms: number) => void (waited.ms += ms) } : {}),
      dataDir,
      defaultProfile: localProfile(venue.urls),
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
      http: { policy: { timeoutMs: 2000, retries: 0 } },
    });
  const core = makeCore();
  const host = await startHost({ router: core.router, rendererDir: RENDERER });
  hostRef.current = host;
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(host.url);
  mkdirSync(SHOTS, { recursive: true });
  const app: App = {
    venue,
    core,
    host,
    browser,
    page,
    dataDir,
    skew,
    shot: async (name) => {
      await page.screenshot({ path: join(SHOTS, `${name}.png`) });
    },
    async restart() {
      await app.host.close();
      app.core.close();
      app.core = makeCore();
      app.host = await startHost({ router: app.core.router, rendererDir: RENDERER });
      hostRef.current = app.host;
      await page.goto(app.host.url);
    },
    async close() {
      await browser.close();
      await app.host.close();
      app.core.close();
      await venue.stop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return app;
}
