// The key vault in Settings, in the real renderer: the first account asks for a passphrase typed
// twice (the rule shown as it is typed, a mismatch said in words), and where a system keychain is
// there a passphrase vault is offered the move to it, after which it opens without a passphrase.
// The browser host has no keychain: the second suite lends the core a stand-in, as Electron
// lends it safeStorage. The vault is the same whatever the peer, so the spec-only run skips it.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecretCipher } from '../src/main/core/ports.js';
import { createVault, SPEC_ONLY, skipReason, startApp, type App } from './support.js';

const reason = skipReason() ?? (SPEC_ONLY ? 'the vault does not depend on the peer: run with the full venue' : undefined);
const recorded = (app: App): string => (JSON.parse(readFileSync(join(app.dataDir, 'vault.json'), 'utf8')) as { cipher: string }).cipher;
const dark = (app: App) => app.page.evaluate("document.documentElement.dataset.theme = 'dark'");
const light = (app: App) => app.page.evaluate("document.documentElement.dataset.theme = 'light'");

describe.skipIf(reason !== undefined)(`the first passphrase (${reason ?? 'Chromium + built renderer'})`, () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp({ size: 'small' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('is asked for by the first account, typed twice: the rule shown live, a mismatch said, then the vault and the account made', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Settings' }).click();
    expect(await page.getByTestId('vault-none').innerText()).toMatch(/No key vault yet: Kairos makes it when you create or import your first account, with a passphrase you choose then/);
    expect(await page.getByLabel('Vault passphrase').count()).toBe(0);
    await page.getByLabel('New account label').fill('First');
    await page.getByRole('button', { name: 'Create account on this venue' }).click();

    const step = page.getByRole('form', { name: 'Create a passphrase' });
    const create = step.getByRole('button', { name: 'Create the vault and the account' });
    const hint = step.getByTestId('passphrase-hint');
    expect(await hint.innerText()).toBe('Use at least 10 characters, or 4 words.');
    expect(await create.isDisabled()).toBe(true);
    // Too short: the hint says how far it is, whatever the confirmation.
    await step.getByLabel('New passphrase').fill('horse');
    await step.getByLabel('Confirm the passphrase').fill('horse');
    expect(await hint.innerText()).toBe('Use at least 10 characters, or 4 words — 5 characters, 1 word so far.');
    expect(await create.isDisabled()).toBe(true);
    // Strong, but the two differ: said in words, and nothing can be made.
    await step.getByLabel('New passphrase').fill('correct horse battery staple');
    await step.getByLabel('Confirm the passphrase').fill('correct horse battery stable');
    expect(await hint.innerText()).toBe('Strong enough: at least 10 characters, or 4 words.');
    expect(await step.getByTestId('passphrase-mismatch').innerText()).toBe('The two passphrases differ: type the same passphrase in both fields.');
    expect(await create.isDisabled()).toBe(true);
    await light(app);
    await app.shot('vault-create-mismatch');
    await dark(app);
    await app.shot('vault-create-mismatch-dark');
    await light(app);

    await step.getByLabel('Confirm the passphrase').fill('correct horse battery staple');
    expect(await step.getByTestId('passphrase-mismatch').count()).toBe(0);
    expect(await create.isDisabled()).toBe(false);
    await create.click();
    await page.getByText('Vault unlocked').waitFor();
    await expect.poll(() => page.getByTestId('account-row').allInnerTexts(), { timeout: 10_000 }).toEqual([expect.stringContaining('First')]);
    expect(await page.getByTestId('vault-protection').innerText()).toBe('protected by your passphrase');
    expect(await step.count()).toBe(0);
    // No keychain here: nothing to offer.
    expect(await page.getByRole('button', { name: 'Move the vault to the system keychain' }).count()).toBe(0);
    expect(recorded(app)).toBe('passphrase-scrypt');
    expect(await page.content()).not.toContain('correct horse battery staple');
    await app.shot('vault-created');

    // Made: from now on the vault is unlocked with one field.
    await page.getByRole('button', { name: 'Lock now' }).click();
    await page.getByLabel('Vault passphrase').fill('correct horse battery staple');
    expect(await page.getByLabel('Confirm the passphrase').count()).toBe(0);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByText('Vault unlocked').waitFor();
  });
});

/** Stands in for the OS keychain: reversible, and there only once `on` is set. */
class TestKeychain implements SecretCipher {
  readonly kind = 'test-keychain';
  on = false;
  isAvailable(): boolean {
    return this.on;
  }
  async encrypt(plain: Uint8Array): Promise<Uint8Array> {
    if (!this.on) throw new Error('no keychain');
    return Buffer.from(plain).map((b) => b ^ 0xa5);
  }
  async decrypt(sealed: Uint8Array): Promise<Uint8Array> {
    if (!this.on) throw new Error('no keychain');
    return Buffer.from(sealed).map((b) => b ^ 0xa5);
  }
}

describe.skipIf(reason !== undefined)(`a system keychain (${reason ?? 'Chromium + built renderer, a stand-in keychain'})`, () => {
  let app: App;
  const keychain = new TestKeychain();
  beforeAll(async () => {
    app = await startApp({ size: 'small', keychain });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('is offered after a passphrase unlock; moved there, the vault opens without a passphrase and keeps its accounts', async () => {
    const { page } = app;
    // Made while there was no keychain: a passphrase vault, through the import path.
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Import a wallet key…' }).click();
    await createVault(page, 'four words are enough');
    const form = page.getByRole('form', { name: 'Import a wallet key' });
    await form.getByLabel('Wallet private key (hex)').fill(randomBytes(32).toString('hex'));
    await form.getByLabel('Label').fill('Imported');
    await form.getByRole('button', { name: 'Import' }).click();
    await expect.poll(() => page.getByTestId('account-row').allInnerTexts(), { timeout: 10_000 }).toEqual([expect.stringContaining('Imported')]);
    expect(recorded(app)).toBe('passphrase-scrypt');

    // The keychain appears; the next start unlocks with the passphrase and is offered the move.
    keychain.on = true;
    await app.restart();
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('Vault passphrase').fill('four words are enough');
    await page.getByRole('button', { name: 'Unlock' }).click();
    const offer = page.getByRole('region', { name: 'System keychain' });
    await offer.waitFor();
    expect(await offer.innerText()).toMatch(/This system has a keychain\. Moved there, the vault opens without your passphrase/);
    expect(recorded(app)).toBe('passphrase-scrypt');
    await light(app);
    await app.shot('vault-keychain-offer');
    await dark(app);
    await app.shot('vault-keychain-offer-dark');
    await light(app);
    // Not now: the vault stays as it is, and the offer comes back on the next visit.
    await offer.getByRole('button', { name: 'Not now' }).click();
    expect(await offer.count()).toBe(0);
    expect(await page.getByTestId('vault-protection').innerText()).toBe('protected by your passphrase');
    expect(recorded(app)).toBe('passphrase-scrypt');
    await page.getByRole('button', { name: 'Markets' }).click();
    await page.getByRole('button', { name: 'Settings' }).click();
    await offer.waitFor();

    await offer.getByRole('button', { name: 'Move the vault to the system keychain' }).click();
    await expect.poll(() => page.getByTestId('vault-protection').innerText(), { timeout: 10_000 }).toBe('protected by the system keychain');
    expect(await offer.count()).toBe(0);
    expect(recorded(app)).toBe('test-keychain');

    // Locked, it opens with a button: no passphrase field.
    await page.getByRole('button', { name: 'Lock now' }).click();
    await page.getByText('The vault is locked. The system keychain protects it.').waitFor();
    expect(await page.getByLabel('Vault passphrase').count()).toBe(0);
    await app.shot('vault-keychain-locked');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByText('Vault unlocked').waitFor();
    expect(await page.getByTestId('account-row').allInnerTexts()).toEqual([expect.stringContaining('Imported')]);
  });
});

describe.skipIf(reason !== undefined)(`a new vault where a keychain is (${reason ?? 'Chromium + built renderer, a stand-in keychain'})`, () => {
  let app: App;
  const keychain = new TestKeychain();
  keychain.on = true;
  beforeAll(async () => {
    app = await startApp({ size: 'small', keychain });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('is made by the first account with no passphrase asked', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect.poll(() => page.getByTestId('vault-none').innerText()).toMatch(/when you create or import your first account, protected by the system keychain\./);
    await page.getByRole('button', { name: 'Create account on this venue' }).click();
    await expect.poll(() => page.getByTestId('account-row').count(), { timeout: 10_000 }).toBe(1);
    expect(await page.getByRole('form', { name: 'Create a passphrase' }).count()).toBe(0);
    expect(await page.getByTestId('vault-protection').innerText()).toBe('protected by the system keychain');
    expect(recorded(app)).toBe('test-keychain');
  });
});
