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
const CREDENTIAL_WORDS = { apiKey: 'The API key', secret: 'The API secret', passphrase: 'The API passphrase' } as const;
export const ImportAccount = z
  .object({
    privateKey: z.string().regex(/^(0x)?[0-9a-fA-F]{64}$/, 'The wallet private key is not valid: expected 64 hex characters (32 bytes), with or without 0x').describe('the wallet private key'),
    apiKey: z.guid('The API key is not valid: expected a uuid, such as 2f1c0e8a-5b7d-4c3e-9a61-0d4e8b7f3a12').describe('the API key').optional(),
    // 32 bytes are 43 base64 characters, 44 with the "=" pad; standard or url-safe alphabet.
    secret: z
      .string()
      .regex(/^[A-Za-z0-9+/_-]{43}=?$/, 'The API secret is not valid base64 of 32 bytes: expected 43 characters (standard or url-safe alphabet), or 44 ending in "="')
      .describe('the API secret')
      .optional(),
    passphrase: z.string().regex(/^[0-9a-fA-F]{64}$/, 'The API passphrase is not valid: expected 64 hex characters').describe('the API passphrase').optional(),
    label: z.string().max(60, 'at most 60 characters').describe('the label').optional(),
  })
  .superRefine((v, ctx) => {
    const given = API_CREDENTIALS.filter((k) => v[k] !== undefined);
    if (given.length === 0 || given.length === API_CREDENTIALS.length) return;
    for (const k of API_CREDENTIALS.filter((x) => v[x] === undefined)) {
      ctx.addIssue({ code: 'custom', path: [k], message: `${CREDENTIAL_WORDS[k]} is missing: the API key, secret and passphrase go together — give all three, or none to have the venue make new ones` });
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
