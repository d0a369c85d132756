// The "Create a passphrase" step's checks as the user types: the rule the core enforces for a
// first passphrase (shared with it), and whether the confirmation matches.
import { PASSPHRASE_RULE, passphraseWeakness } from '@shared/ipc/vault';

export interface NewPassphrase {
  /** The rule is met. */
  strong: boolean;
  /** The live hint: the rule, and how far the typed passphrase is from it. */
  hint: string;
  /** Words saying the two fields differ, once that is certain; undefined otherwise. */
  mismatch: string | undefined;
  /** Both fields agree and meet the rule: the vault can be made. */
  ready: boolean;
}

/**
 * `confirmDone` is true once the user left the confirmation field: until then a confirmation
 * that is still the start of the passphrase is being typed, not a mismatch.
 */
export function checkNewPassphrase(passphrase: string, confirm: string, confirmDone = false): NewPassphrase {
  const strong = passphrase.length > 0 && passphraseWeakness(passphrase) === undefined;
  const chars = [...passphrase].length;
  const words = passphrase.trim().split(/\s+/u).filter((w) => w.length > 0).length;
  const hint = strong
    ? `Strong enough: ${PASSPHRASE_RULE}.`
    : `Use ${PASSPHRASE_RULE}${chars > 0 ? ` — ${chars} ${chars === 1 ? 'character' : 'characters'}, ${words} ${words === 1 ? 'word' : 'words'} so far` : ''}.`;
  const stillTyping = !confirmDone && passphrase.startsWith(confirm);
  const mismatch = confirm.length > 0 && confirm !== passphrase && !stillTyping ? 'The two passphrases differ: type the same passphrase in both fields.' : undefined;
  return { strong, hint, mismatch, ready: strong && confirm === passphrase };
}
