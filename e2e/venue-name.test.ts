// A venue's name is 1 to 60 visible characters: one too long, or with a line break or nothing
// visible, is refused in words naming the field, and what was typed stays in the form.
import { describe, expect, it } from 'vitest';
import { appFor } from './shared-app.js';
import { skipReason } from './support.js';

const reason = skipReason();

describe.skipIf(reason !== undefined)(`a venue's name (${reason ?? 'Chromium + built renderer'})`, () => {
  const app = appFor({ size: 'small' });

  it('over 60 characters, or only spaces, is refused in words, and the form keeps what was typed', async () => {
    const { page } = app();
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Add a remote venue…' }).click();
    await page.getByTestId('venue-row').first().waitFor();
    const venues = await page.getByTestId('venue-row').count();
    const long = `Staging venue of the desk in the east wing, second floor, room 4`;
    expect([...long].length).toBe(64);
    await page.getByLabel('Name', { exact: true }).fill(long);
    await page.getByLabel('Catalog URL').fill('https://catalog.example');
    await page.getByLabel('Trading URL').fill('https://trading.example');
    await page.getByLabel('Data URL').fill('https://data.example');
    await page.getByRole('button', { name: 'Add venue' }).click();
    const form = page.locator('form.grid-form');
    await form.getByText('Name: expected at most 60 characters, not 64').waitFor({ timeout: 10_000 });
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe(long);
    expect(await page.getByLabel('Catalog URL').inputValue()).toBe('https://catalog.example');
    await form.scrollIntoViewIfNeeded();
    await app().shot('venue-name-too-long');
    await page.evaluate("document.documentElement.dataset.theme = 'dark'");
    await app().shot('venue-name-too-long-dark');
    await page.evaluate('delete document.documentElement.dataset.theme');

    await page.getByLabel('Name', { exact: true }).fill('   ');
    await page.getByRole('button', { name: 'Add venue' }).click();
    await form.getByText('Name: expected 1 to 60 visible characters, not only spaces').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('venue-row').count()).toBe(venues);
  });
});
