// A local venue folder whose database is damaged, seen from the page through the browser host as
// `npm run web` starts it: the page says why the venue cannot start and offers a new local world
// (no plain Restart, which could only fail again); the button moves the folder aside, nothing in it
// deleted, names where it went, and the markets of the new world come. The host runs its own
// embedded venue whatever the peer, so the spec-only run skips it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot, SPEC_ONLY, skipReason } from './support.js';

const reason = skipReason() ?? (SPEC_ONLY ? 'the host runs its own embedded venue: run with the full venue' : undefined);

const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const env = { ...process.env, TSX_TSCONFIG_PATH: resolve('tsconfig.json') };

/** Runs `args` under Node with tsx until it prints its first stdout line; resolves with it. */
function firstLine(child: ChildProcess, logged: string[], what: string): Promise<string> {
  createInterface({ input: child.stderr! }).on('line', (line) => logged.push(line));
  return new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`${what} did not start:\n${logged.join('\n')}`)), 90_000);
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      done(line.trim());
    });
  });
}

describe.skipIf(reason !== undefined)(`a damaged local venue folder (${reason ?? 'Chromium + built renderer + src/host/main.ts'})`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'kairos-e2e-damaged-'));
  const folder = join(dir, 'venue');
  const garbage = Buffer.from('this is not a database, it is what a failing disk left behind\n'.repeat(200));
  const logged: string[] = [];
  let host: ChildProcess;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    // A world made and stopped as the app would leave it, then its database damaged.
    const venue = spawn(process.execPath, ['--import', tsx, resolve('src/venue/cli.ts'), '--data-dir', folder, '--size', 'small', '--no-simulator'], { stdio: ['ignore', 'pipe', 'pipe'], env });
    await firstLine(venue, [], 'the venue');
    await new Promise((done) => {
      venue.once('close', done);
      venue.kill('SIGTERM');
    });
    writeFileSync(join(folder, 'venue.sqlite'), garbage);

    host = spawn(process.execPath, ['--import', tsx, resolve('src/host/main.ts'), '--data-dir', dir, '--venue-size', 'small', '--no-simulator'], { stdio: ['ignore', 'pipe', 'pipe'], env });
    const url = await firstLine(host, logged, 'the host');
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(url);
  }, 150_000);
  afterAll(async () => {
    await browser?.close();
    if (host && host.exitCode === null && host.signalCode === null) {
      const exited = new Promise((done) => host.once('exit', done));
      host.kill('SIGTERM');
      await exited;
    }
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
    expect(logged.join('\n')).toContain('the status bar offers a new local world, the old folder kept aside');
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
