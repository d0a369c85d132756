// What the ticket's browser tests share: the venue the app starts on, and the confirmation step.
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { SPEC_ONLY, type App } from './support.js';

/** The venue the app starts on: the embedded one, or the deployment added as a remote venue. */
export const HOME = SPEC_ONLY ? 'Spec-only deployment' : 'Local venue';
/** What a line says where the venue reports no balances (core preview, ticket checks.ts). */
export const NO_CASH_CHECK = 'not checked: cash — this venue does not report balances';

/**
 * The confirmation step. On the spec-only venue each line lists what was not checked, and Send
 * waits for the explicit yes; elsewhere every check was made and Send goes at once.
 */
export async function confirmSend({ page }: App, count: number): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Confirm batch' });
  await dialog.waitFor();
  if (SPEC_ONLY) {
    await expect.poll(() => dialog.getByTestId('confirm-unchecked-line').count()).toBe(count);
    for (const note of await dialog.getByTestId('confirm-unchecked-line').allInnerTexts()) expect(note).toContain(NO_CASH_CHECK);
    expect(await dialog.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'Send these lines without those checks' }).check();
  } else {
    expect(await dialog.getByTestId('confirm-unchecked').count()).toBe(0);
  }
  await dialog.getByRole('button', { name: 'Send' }).click();
}

/** Types a ticket line as a user does: the market found by its question's first words, then its outcome, price and size. */
export async function typeLine(page: Page, line: Locator, l: { question: string; token: string; price: string; size: string }): Promise<void> {
  await line.getByLabel('Market search').fill(l.question.split(/\s+/).slice(0, 6).join(' '));
  await page.getByRole('option', { name: l.question }).first().click();
  await line.getByLabel('Outcome').selectOption(l.token);
  await line.getByLabel('Price').fill(l.price);
  await line.getByLabel('Size').fill(l.size);
}
