// The vault's accounts on the active profile: unlock and lock, create and import, and the two
// signatures a trading request needs (L1 for API keys, L2 HMAC headers per request), plus the
// EIP-712 domain orders are signed for.
import { join } from 'node:path';
import { hmacSignature, privateKeyToAddress, randomPrivateKey, signClobAuth, type OrderDomain } from '@shared/crypto/index.js';
import { getOrderDomainPreset, orderDomainFor, SIGNED_ORDER_DOMAIN_VERSION, type OrderDomainSetting } from '@shared/domain/order-domains.js';
import { probeRoute } from '../capabilities.js';
import type { RequestSigner } from '../clients/index.js';
import { AppError } from '../router.js';
import { perSession, type Session } from '../session.js';
import { PASSPHRASE_KIND, PassphraseCipher, Vault, VaultError, type AccountSummary } from '../vault/vault.js';
import type { SecretCipher } from '../ports.js';
import type { CoreContext, HandlersOf } from './context.js';

export interface AccountsOptions {
  /** Wraps the vault key; defaults to a passphrase given to `accounts.unlock`. */
  cipher?: (passphrase?: string) => SecretCipher;
  /** Lets a new vault take any passphrase, for test harnesses only; by default it needs `passphraseStrength`. */
  weakPassphrases?: boolean;
}

/** Where a missing order domain is set, for the words of every refusal. */
const SET_DOMAIN = 'choose one in Settings → Venues → Order signing';

export type Accounts = ReturnType<typeof accountsService>;

/** How long a wrong passphrase is answered after: 0 s for the first, then 1, 2, 4 … s up to 30 s. */
export function unlockDelayMs(failures: number): number {
  return failures <= 1 ? 0 : Math.min(1000 * 2 ** (failures - 2), 30_000);
}

/** Why a passphrase is too weak to start a vault with, or undefined: it needs 10 characters or 4 words. */
export function passphraseWeakness(passphrase: string): string | undefined {
  const words = passphrase.trim().split(/\s+/u).filter((w) => w.length > 0).length;
  if ([...passphrase].length >= 10 || words >= 4) return undefined;
  return 'choose a passphrase of at least 10 characters, or of 4 words or more: it is all that protects the wallet keys in the vault';
}

export function vaultPath(dataDir: string): string {
  return join(dataDir, 'vault.json');
}

/**
 * The vault with the cipher its file records: a passphrase-wrapped vault stays a passphrase
 * vault even once a keychain is available; a new vault takes the host's preferred cipher.
 */
export function openVault(dataDir: string, opts: AccountsOptions, passphrase?: string): Vault {
  const preferred = opts.cipher ?? ((p?: string) => new PassphraseCipher(p ?? ''));
  return Vault.open(vaultPath(dataDir), (recorded) => (recorded === PASSPHRASE_KIND ? new PassphraseCipher(passphrase ?? '') : preferred(passphrase)));
}

export function accountsService(ctx: CoreContext, opts: AccountsOptions) {
  const domainOf = perSession(() => ({ read: undefined as Promise<OrderDomainSetting> | undefined }));

  /** An account of the active profile, or NO_ACCOUNT. */
  const account = (id: string): AccountSummary => {
    const s = ctx.session();
    const a = ctx.vault().list(s.profile.id).find((x) => x.id === id);
    if (!a) throw new AppError('NO_ACCOUNT', `no account ${id} on profile ${s.profile.name}`);
    return a;
  };

  /** L2 headers for an account, on the venue's clock (learned from /time). */
  const signerFor = (s: Session, a: AccountSummary): RequestSigner => {
    const box = ctx.vault().secretsOf(a.id);
    return (method, path, body) =>
      box.use((k) => {
        const ts = String(s.clients.trading.serverNow(ctx.clock.now()));
        const p = a.headerPrefix;
        return { [`${p}_ADDRESS`]: a.address, [`${p}_API_KEY`]: k.apiKey, [`${p}_PASSPHRASE`]: k.passphrase, [`${p}_TIMESTAMP`]: ts, [`${p}_SIGNATURE`]: hmacSignature(k.secret, ts, method, path, body) };
      });
  };
  const signedFor = async (s: Session, a: AccountSummary): Promise<RequestSigner> => {
    await s.clients.trading.syncClock(() => ctx.clock.now());
    return signerFor(s, a);
  };

  /** The domain the profile says: the venue's own (GET /version), a preset, or one typed in. */
  const readDomain = async (s: Session): Promise<OrderDomainSetting> => {
    const signing = s.profile.signing;
    if (signing.source === 'custom') return signing.domain;
    if (signing.source === 'preset') {
      const preset = getOrderDomainPreset(signing.preset);
      if (!preset) throw new AppError('NOT_FOUND', `no order-signing preset ${signing.preset}; ${SET_DOMAIN}`);
      return preset.domain;
    }
    const v = await s.capabilities.use('version', () => s.clients.trading.version()).catch((err: unknown) => {
      if ((err as { code?: string }).code === 'NOT_OFFERED') return undefined;
      throw err;
    });
    const d = v?.domain;
    if (!d?.name || !d.chainId || !d.verifyingContract) throw new AppError('NOT_OFFERED', `${s.profile.name} does not publish which exchange orders are signed for (GET /version); ${SET_DOMAIN}`);
    return { name: d.name, version: d.version ?? SIGNED_ORDER_DOMAIN_VERSION, chainId: d.chainId, exchange: d.verifyingContract, negRiskExchange: d.negRiskVerifyingContract ?? d.verifyingContract };
  };
  const orderDomain = async (s: Session, negRisk: boolean): Promise<OrderDomain> => {
    const state = domainOf(s);
    const read = (state.read ??= readDomain(s).catch((err: unknown) => {
      state.read = undefined;
      throw err;
    }));
    return orderDomainFor(await read, negRisk);
  };

  /** A new API key from the venue, signed (L1) with the wallet key on the venue's clock. */
  const createApiKey = async (s: Session, key: string, address: string) => {
    // Asked first: without a key endpoint there is nothing to sign for.
    if (s.capabilities.state('apiKeys') === 'unknown') await probeRoute(s.clients, s.capabilities, 'apiKeys');
    if (!s.capabilities.mayHave('apiKeys')) throw new AppError('NOT_OFFERED', 'this venue has no key endpoint: import the wallet key with the API key, secret and passphrase the venue gave you');
    await s.clients.trading.syncClock(() => ctx.clock.now());
    const { chainId } = await orderDomain(s, false);
    const timestamp = String(Math.floor(s.clients.trading.serverNow(ctx.clock.now()) / 1000));
    const prefix = s.profile.headerPrefix;
    return s.capabilities.use('apiKeys', () => s.clients.trading.createApiKey({ [`${prefix}_ADDRESS`]: address, [`${prefix}_SIGNATURE`]: signClobAuth(key, { timestamp, nonce: '0' }, chainId), [`${prefix}_TIMESTAMP`]: timestamp, [`${prefix}_NONCE`]: '0' }));
  };

  const unlocked = (what: string): Vault => {
    const vault = ctx.vault();
    if (vault.isLocked()) throw new AppError('VAULT_LOCKED', `unlock the vault to ${what}`);
    return vault;
  };

  // Wrong passphrases in a row; unlock attempts run one after another so the delay cannot be
  // sidestepped by asking many at once.
  let failures = 0;
  let attempts: Promise<unknown> = Promise.resolve();
  const unlock = async (passphrase: string) => {
    const next = openVault(ctx.dataDir, opts, passphrase);
    if (!next.exists() && next.cipherKind === PASSPHRASE_KIND && !opts.weakPassphrases) {
      const weakness = passphraseWeakness(passphrase);
      if (weakness) throw new AppError('INVALID_INPUT', weakness, { field: 'passphrase' });
    }
    try {
      await next.unlock();
    } catch (err) {
      if (err instanceof VaultError && err.code === 'WRONG_PASSPHRASE') {
        failures += 1;
        await ctx.sleep(unlockDelayMs(failures));
      }
      throw err;
    }
    failures = 0;
    ctx.vault().lock();
    ctx.setVault(next);
    return { locked: false };
  };

  const handlers: HandlersOf<'accounts.list' | 'accounts.unlock' | 'accounts.lock' | 'accounts.createLocal' | 'accounts.import' | 'accounts.remove'> = {
    'accounts.list': () => ({ locked: ctx.vault().isLocked(), accounts: ctx.vault().list(ctx.session().profile.id) }),
    'accounts.unlock': ({ passphrase }) => {
      const attempt = attempts.then(() => unlock(passphrase));
      attempts = attempt.catch(() => undefined);
      return attempt;
    },
    'accounts.lock': () => {
      ctx.vault().lock();
      return { locked: true };
    },
    'accounts.createLocal': async ({ label }) => {
      const vault = unlocked('create an account');
      const s = ctx.session();
      const key = randomPrivateKey();
      const address = privateKeyToAddress(key);
      const creds = await createApiKey(s, key, address);
      return vault.add(s.profile.id, { privateKey: key, ...creds }, { address, headerPrefix: s.profile.headerPrefix, ...(label ? { label } : {}) }, ctx.clock.now());
    },
    'accounts.import': async ({ privateKey, apiKey, secret, passphrase, label }) => {
      const vault = unlocked('import an account');
      const s = ctx.session();
      const key = privateKey.startsWith('0x') ? privateKey : `0x${privateKey}`;
      const address = privateKeyToAddress(key);
      const creds = apiKey && secret && passphrase ? { apiKey, secret, passphrase } : await createApiKey(s, key, address);
      return vault.add(s.profile.id, { privateKey: key, ...creds }, { address, headerPrefix: s.profile.headerPrefix, ...(label ? { label } : {}) }, ctx.clock.now());
    },
    'accounts.remove': async ({ id }) => ({ removed: await ctx.vault().remove(id) }),
  };

  return { handlers, account, signerFor, signedFor, orderDomain };
}
