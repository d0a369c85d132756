// The contract's words for the key vault and its accounts: what an account shows (never a
// secret), what an import takes, how the vault is protected, and the first passphrase's rule,
// which the core enforces and the renderer shows as it is typed.
import { z } from 'zod';

export const AccountSummary = z.object({
  id: z.string(),
  profileId: z.string(),
  address: z.string(),
  apiKey: z.string(),
  headerPrefix: z.string(),
  label: z.string().optional(),
  createdAt: z.number(),
});
export type AccountSummary = z.output<typeof AccountSummary>;

/** The API credentials a venue gives (venue-profile C), checked as typed: all three, or none to have the venue make new ones. */
const API_CREDENTIALS = ['apiKey', 'secret', 'passphrase'] as const;
export const ImportAccount = z
  .object({
    privateKey: z.string().regex(/^(0x)?[0-9a-fA-F]{64}$/, 'expected a 32-byte hex private key'),
    apiKey: z.guid('expected the API key as a uuid, such as 2f1c0e8a-5b7d-4c3e-9a61-0d4e8b7f3a12').optional(),
    // 32 bytes are 43 base64 characters, 44 with the "=" pad; standard or url-safe alphabet.
    secret: z.string().regex(/^[A-Za-z0-9+/_-]{43}=?$/, 'expected the API secret in base64 (standard or url-safe), 32 bytes: 43 characters, or 44 ending in "="').optional(),
    passphrase: z.string().regex(/^[0-9a-fA-F]{64}$/, 'expected the API passphrase as 64 hex characters').optional(),
    label: z.string().max(60).optional(),
  })
  .superRefine((v, ctx) => {
    const given = API_CREDENTIALS.filter((k) => v[k] !== undefined);
    if (given.length === 0 || given.length === API_CREDENTIALS.length) return;
    for (const k of API_CREDENTIALS.filter((x) => v[x] === undefined)) {
      ctx.addIssue({ code: 'custom', path: [k], message: `the API key, secret and passphrase go together: give all three, or none to have the venue make new ones (${k} is missing)` });
    }
  });

/**
 * How the vault is kept. `protection` is what wraps its key: what its file records, or for a
 * vault not made yet what would wrap it (the OS keychain where there is one, else a passphrase
 * the user chooses). `keychain` says whether an OS keychain can take the vault now.
 */
export const VaultState = z.object({
  exists: z.boolean(),
  protection: z.enum(['passphrase', 'keychain']),
  keychain: z.boolean(),
});
export type VaultState = z.output<typeof VaultState>;

/** The first passphrase's rule, in words. */
export const PASSPHRASE_RULE = 'at least 10 characters, or 4 words';

/** Why a passphrase is too weak to start a vault with, or undefined: it needs 10 characters or 4 words. */
export function passphraseWeakness(passphrase: string): string | undefined {
  const words = passphrase.trim().split(/\s+/u).filter((w) => w.length > 0).length;
  if ([...passphrase].length >= 10 || words >= 4) return undefined;
  return `choose a passphrase of ${PASSPHRASE_RULE} or more: it is all that protects the wallet keys in the vault`;
}
