// The embedded venue going down, seen from the page, through the browser host as `npm run web`
// starts it (src/host/main.ts in its own process, the real venue CLI as its child). Killed once,
// the venue is brought back by itself and the status bar says so meanwhile; killed again it stays
// down, the status bar says "Local venue stopped — Restart", and the button brings it back.
// The host runs its own venue whatever the peer, so the spec-only run skips it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstLineOf, runBuilt, type SourceProcess } from './processes.js';
import { launchChromium, screenshot, SPEC_ONLY, skipReason } from './support.js';

const reason = skipReason() ?? (SPEC_ONLY ? 'the host runs its own embedded venue: run with the full venue' : undefined);

describe.skipIf(reason !== undefined)(`the embedded venue in the status bar (${reason ?? 'Chromium + built renderer + src/host/main.ts'})`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'kairos-e2e-host-'));
  const lockFile = join(dir, 'venue', 'venue.lock');
  let host: SourceProcess | undefined;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    host = runBuilt('host', ['--data-dir', dir, '--venue-size', 'small', '--no-simulator']);
    const url = await firstLineOf(host, 'the host');
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(url);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await host?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const killVenue = (): void => void process.kill(Number(readFileSync(lockFile, 'utf8')), 'SIGKILL');
  const note = () => page.getByTestId('venue-status');
  /** What the note says, as one line (its parts are laid out side by side). */
  const words = async () => ((await note().textContent()) ?? '').replace(/\s+/g, ' ').trim();
  const theme = (t: 'light' | 'dark') => page.evaluate(`document.documentElement.dataset.theme = '${t}'`);

  it('says a restart under way, then a stop with a Restart button that brings the venue back', async () => {
    await page.getByTestId('market-row').first().waitFor({ timeout: 30_000 });
    expect(await note().count()).toBe(0);

    // Killed once: brought back by itself, said meanwhile, and nothing said once it runs.
    killVenue();
    await note().filter({ hasText: 'Restarting the local venue…' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => note().count(), { timeout: 30_000 }).toBe(0);
    expect(host?.said()).toMatch(/the local venue exited unexpectedly \(stopped by a signal\); restarting it once/);

    // Killed again: down for good until asked, in the status bar's words.
    killVenue();
    await expect.poll(words, { timeout: 30_000 }).toBe('Local venue stopped — Restart');
    expect(await note().getAttribute('title')).toBe('It exited again (stopped by a signal) after being restarted.');
    await theme('light');
    await screenshot(page, 'venue-down');
    await theme('dark');
    await screenshot(page, 'venue-down-dark');
    await theme('light');

    // Restart: said while it starts, gone once it runs, and the venue answers again.
    await note().getByRole('button', { name: 'Restart' }).click();
    await note().filter({ hasText: 'Restarting the local venue…' }).waitFor({ timeout: 5_000 });
    await screenshot(page, 'venue-restarting');
    await expect.poll(() => note().count(), { timeout: 30_000 }).toBe(0);
    expect(host?.said()).toMatch(/restarting the local venue on request/);
    await page.getByRole('button', { name: 'Leaderboard' }).click();
    await expect.poll(() => page.locator('table tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    for (const surface of ['catalog', 'trading', 'data']) {
      await expect.poll(() => page.locator('footer.status span', { hasText: surface }).locator('.dot.off').count(), { timeout: 15_000 }).toBe(0);
    }
  });
});
