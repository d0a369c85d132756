// What the vault refuses with, by code (the router passes VAULT_* codes on to the page as they are).
export class VaultError extends Error {
  constructor(
    readonly code: 'VAULT_LOCKED' | 'WRONG_PASSPHRASE' | 'VAULT_CORRUPT' | 'NO_ACCOUNT',
    message: string,
  ) {
    super(message);
    this.name = 'VaultError';
  }
}
