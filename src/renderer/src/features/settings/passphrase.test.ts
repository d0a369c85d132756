// The first passphrase's step: the hint follows the core's rule, a mismatch is said once it is
// certain, and the vault can be made only when both fields agree and meet the rule.
import { describe, expect, it } from 'vitest';
import { passphraseWeakness } from '@shared/ipc/vault';
import { checkNewPassphrase } from './passphrase';

describe('a new passphrase', () => {
  it('needs 10 characters or 4 words, as the core does, and says how far it is', () => {
    expect(checkNewPassphrase('', '')).toMatchObject({ strong: false, ready: false, hint: 'Use at least 10 characters, or 4 words.' });
    expect(checkNewPassphrase('short pw', 'short pw')).toMatchObject({ strong: false, ready: false, hint: 'Use at least 10 characters, or 4 words — 8 characters, 2 words so far.' });
    expect(checkNewPassphrase('a', '')).toMatchObject({ hint: 'Use at least 10 characters, or 4 words — 1 character, 1 word so far.' });
    for (const strong of ['0123456789', 'a b c d', 'correct horse battery staple']) {
      expect(checkNewPassphrase(strong, strong)).toMatchObject({ strong: true, ready: true, hint: 'Strong enough: at least 10 characters, or 4 words.', mismatch: undefined });
    }
    for (const p of ['pw', 'short pw', '123456789', 'a b c', '0123456789', 'a b c d', 'ünïcødé✓✓✓✓']) {
      expect(checkNewPassphrase(p, p).strong).toBe(passphraseWeakness(p) === undefined);
    }
  });

  it('says the fields differ once certain, and is not ready until they agree', () => {
    const p = 'correct horse battery staple';
    // Still typing the confirmation: not yet a mismatch.
    expect(checkNewPassphrase(p, 'correct horse')).toMatchObject({ mismatch: undefined, ready: false });
    // Left the field, or typed something else: a mismatch.
    expect(checkNewPassphrase(p, 'correct horse', true).mismatch).toMatch(/differ/);
    expect(checkNewPassphrase(p, 'correct horse battery stapler')).toMatchObject({ mismatch: 'The two passphrases differ: type the same passphrase in both fields.', ready: false });
    expect(checkNewPassphrase(p, 'Correct')).toMatchObject({ ready: false });
    expect(checkNewPassphrase(p, 'Correct').mismatch).toBeDefined();
    expect(checkNewPassphrase(p, p, true)).toMatchObject({ mismatch: undefined, ready: true });
  });
});
