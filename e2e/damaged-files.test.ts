// A data file Kairos cannot read is moved aside, never deleted, and the page says which one,
// where it went and what the app goes on with, until the notice is dismissed. Here: settings.json
// torn between two starts.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appFor } from './shared-app.js';
import { skipReason } from './support.js';

const reason = skipReason();

describe.skipIf(reason !== undefined)(`a damaged data file at the start (${reason ?? 'Chromium + built renderer'})`, () => {
  const app = appFor({ size: 'small' });

  it('is said on the page with its name, where it was moved and what was kept, until dismissed', async () => {
    const { page } = app();
    await page.getByRole('navigation', { name: 'Screens' }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'moved aside' }).count()).toBe(0);
    // Between two starts the file is torn.
    await app().host.close();
    await app().core.close();
    const file = join(app().dataDir, 'settings.json');
    writeFileSync(file, '{"tradingOff": tru');
    await app().restart();

    const notice = page.getByRole('alert').filter({ hasText: 'settings.json could not be read and was moved aside to' });
    await notice.waitFor({ timeout: 15_000 });
    const text = (await notice.textContent()) ?? '';
    const aside = /moved aside to (\S+settings\.json\.damaged-[^:\s]+):/.exec(text)?.[1] ?? '';
    expect(text).toMatch(/Kairos goes on with the default settings \(trading on, the confirmation step on for every venue, the system theme\); the moved file keeps the old ones\./);
    expect(readFileSync(aside, 'utf8')).toBe('{"tradingOff": tru');
    expect(existsSync(file)).toBe(false);
    await page.evaluate("document.documentElement.dataset.theme = 'light'");
    await app().shot('damaged-settings');
    await page.evaluate("document.documentElement.dataset.theme = 'dark'");
    await app().shot('damaged-settings-dark');
    await page.evaluate('delete document.documentElement.dataset.theme');
    // Toasts that come and go do not take it with them: it stays until dismissed.
    await page.waitForTimeout(6_500);
    expect(await notice.count()).toBe(1);
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    expect(await notice.count()).toBe(0);
  }, 60_000);
});
