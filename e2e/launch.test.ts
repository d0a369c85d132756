// The launch as `npm run web` runs it (src/host/main.ts in its own process, the real venue CLI as
// its child): the page is served before the embedded venue listens — on a first start, while the
// venue generates its world — and the status bar says the venue is starting, with how far its
// world has come, instead of calling it an outage; once it runs, the list fills. A second launch
// on the same folder keeps the port.
// The host runs its own venue whatever the peer, so the spec-only run skips it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstLineOf, runBuilt, type SourceProcess } from './processes.js';
import { launchChromium, screenshot, SPEC_ONLY, skipReason } from './support.js';

const reason = skipReason() ?? (SPEC_ONLY ? 'the host runs its own embedded venue: run with the full venue' : undefined);

interface Launched extends SourceProcess {
  url: string;
  /** ms since spawn at which the URL came. */
  urlAt: number;
}

async function launch(dir: string): Promise<Launched> {
  const host = runBuilt('host', ['--data-dir', dir, '--no-simulator']);
  const url = await firstLineOf(host, 'the host');
  return { ...host, url, urlAt: performance.now() - host.startedAt };
}

describe.skipIf(reason !== undefined)(`launch (${reason ?? 'Chromium + built renderer + src/host/main.ts'})`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'kairos-e2e-launch-'));
  let browser: Browser;
  const hosts: SourceProcess[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    for (const h of hosts) await h.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the page before the venue has generated its world, says it is starting, then lists markets', async () => {
    const first = await launch(dir);
    hosts.push(first);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(first.url);
    const note = page.getByTestId('venue-status');
    // Every text the note shows, as it changes.
    await page.evaluate(() => {
      const notes: string[] = [];
      (window as unknown as { notes: string[] }).notes = notes;
      const look = (): void => {
        const text = document.querySelector('[data-testid="venue-status"]')?.textContent?.replace(/\s+/g, ' ').trim();
        if (text && notes.at(-1) !== text) notes.push(text);
      };
      look();
      new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    // The default world takes seconds to generate: the page is up well before.
    await expect.poll(() => note.getAttribute('data-state'), { timeout: 10_000 }).toBe('starting');
    const generating = /^Generating the venue's world: (\d+)% \((?:[a-z ]+|[a-z ]+ [\d,]+ of [\d,]+)\)…$/;
    expect((await note.textContent())?.replace(/\s+/g, ' ').trim()).toMatch(/^Starting the local venue \(first start: generating its world\)…$|^Generating the venue's world: /);
    expect(await page.getByRole('status').filter({ hasText: 'Offline:' }).count()).toBe(0);
    await screenshot(page, 'launch-starting');
    await page.getByTestId('market-row').first().waitFor({ timeout: 60_000 });
    await expect.poll(() => note.count(), { timeout: 10_000 }).toBe(0);
    // On the way, the note said how far the world had come, never going back.
    const notes = await page.evaluate(() => (window as unknown as { notes: string[] }).notes);
    const percents = notes.map((n) => generating.exec(n)?.[1]).filter((p) => p !== undefined).map(Number);
    expect(percents.length, notes.join('\n')).toBeGreaterThan(0);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    const ready = first.lines.find((l) => /^venue: data in .* ready in/.test(l.line));
    expect(ready, first.lines.map((l) => l.line).join('\n')).toBeDefined();
    expect(first.urlAt).toBeLessThan(ready!.at);
    const port = (JSON.parse(readFileSync(join(dir, 'local-venue.json'), 'utf8')) as { port: number }).port;
    expect(new URL(first.url).host).not.toBe(`127.0.0.1:${port}`);
    await page.close();
    await first.stop();

    // Again on the same folder: the venue's port is the same, and the list shows.
    const second = await launch(dir);
    hosts.push(second);
    const again = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await again.goto(second.url);
    await again.getByTestId('market-row').first().waitFor({ timeout: 30_000 });
    expect((JSON.parse(readFileSync(join(dir, 'local-venue.json'), 'utf8')) as { port: number }).port).toBe(port);
    await expect.poll(() => again.getByTestId('venue-status').count(), { timeout: 15_000 }).toBe(0);
    await again.close();
  });
});
