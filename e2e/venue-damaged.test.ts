// A local venue folder whose database is damaged, seen from the page through the browser host as
// `npm run web` starts it: the page says why the venue cannot start and offers a new local world
// (no plain Restart, which could only fail again); the button moves the folder aside, nothing in it
// deleted, names where it went, and the markets of the new world come. The host runs its own
// embedded venue whatever the peer, so the spec-only run skips it.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstLineOf, runBuilt, type SourceProcess } from './processes.js';
import { launchChromium, screenshot, SPEC_ONLY, skipReason } from './support.js';

const reason = skipReason() ?? (SPEC_ONLY ? 'the host runs its own embedded venue: run with the full venue' : undefined);

describe.skipIf(reason !== undefined)(`a damaged local venue folder (${reason ?? 'Chromium + built renderer + src/host/main.ts'})`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'kairos-e2e-damaged-'));
  const folder = join(dir, 'venue');
  const garbage = Buffer.from('this is not a database, it is what a failing disk left behind\n'.repeat(200));
  let host: SourceProcess | undefined;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    // A world made and stopped as the app would leave it, then its database damaged.
    const venue = runBuilt('venue', ['--data-dir', folder, '--size', 'small', '--no-simulator']);
    await firstLineOf(venue, 'the venue');
    await venue.stop();
    writeFileSync(join(folder, 'venue.sqlite'), garbage);

    host = runBuilt('host', ['--data-dir', dir, '--venue-size', 'small', '--no-simulator']);
    const url = await firstLineOf(host, 'the host');
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(url);
  }, 150_000);
  afterAll(async () => {
    await browser?.close();
    await host?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const banner = () => page.getByTestId('venue-problem');
  const words = async (at: ReturnType<Page['getByTestId']>) => ((await at.textContent()) ?? '').replace(/\s+/g, ' ').trim();
  const theme = (t: 'light' | 'dark') => page.evaluate(`document.documentElement.dataset.theme = '${t}'`);

  it('says the database is damaged with a new world to start, and the button brings a fresh venue', async () => {
    await banner().waitFor({ timeout: 60_000 });
    expect(await banner().getAttribute('data-kind')).toBe('damaged-database');
    const said = await words(banner());
    expect(said).toContain('The local venue cannot start: its database is damaged.');
    expect(said).toContain('Its folder is moved aside and kept (nothing in it is deleted)');
    expect(said).toContain(`${join(folder, 'venue.sqlite')} is damaged (file is not a database)`);
    // The status bar says it is down, with no Restart that could only fail again.
    const note = page.getByTestId('venue-status');
    expect(await words(note)).toBe('Local venue cannot start');
    expect(await page.getByRole('button', { name: 'Restart' }).count()).toBe(0);
    // Nor does it show the venue's surfaces as reachable.
    for (const s of ['catalog', 'trading', 'data']) expect(await page.getByTestId(`surface-${s}`).getAttribute('data-online')).toBe('false');
    expect(host?.said()).toContain('the status bar offers a new local world, the old folder kept aside');
    await theme('light');
    await screenshot(page, 'venue-damaged');
    await theme('dark');
    await screenshot(page, 'venue-damaged-dark');
    await theme('light');

    await banner().getByRole('button', { name: 'Start a new local world' }).click();
    const moved = page.getByTestId('venue-new-world');
    await moved.waitFor({ timeout: 90_000 });
    const movedTo = /kept in (\S+)\./.exec(await words(moved))?.[1];
    expect(movedTo).toMatch(new RegExp(`^${join(dir, 'venue-set-aside-')}\\d{4}-\\d{2}-\\d{2}-\\d{4}$`));
    // The old folder is there as it was; a new world runs in its place and its markets come.
    expect(readFileSync(join(movedTo!, 'venue.sqlite')).equals(garbage)).toBe(true);
    expect(existsSync(join(movedTo!, 'venue-master.key'))).toBe(true);
    await page.getByTestId('market-row').first().waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('venue-status').count()).toBe(0);
    expect(await banner().count()).toBe(0);
    await expect.poll(() => page.getByTestId('surface-trading').getAttribute('data-online'), { timeout: 15_000 }).toBe('true');
    await theme('light');
    await screenshot(page, 'venue-new-world');
    await theme('dark');
    await screenshot(page, 'venue-new-world-dark');
    await theme('light');

    await moved.getByRole('button', { name: 'Dismiss' }).click();
    expect(await moved.count()).toBe(0);
  }, 180_000);
});
