// The vault's accounts on the active profile: unlock and lock, create and import, and the two
// signatures a trading request needs (L1 for API keys, L2 HMAC headers per request), plus the
// EIP-712 domain orders are signed for.
import { join } from 'node:path';
import { hmacSignature, privateKeyToAddress, randomPrivateKey, signClobAuth, type OrderDomain } from '@shared/crypto/index.js';
import { getOrderDomainPreset, orderDomainFor, SIGNED_ORDER_DOMAIN_VERSION, type OrderDomainSetting } from '@shared/domain/order-domains.js';
import { probeRoute } from '../../capabilities.js';
import type { RequestSigner } from '../../clients/index.js';
import { AppError } from '../../router.js';
import { perSession, type Session } from '../../session.js';
import { PASSPHRASE_KIND, PassphraseCipher, Vault, VaultError, type AccountSummary, type ScryptParams } from '../../vault/vault.js';
import { passphraseWeakness, type VaultState } from '@shared/ipc/vault.js';
import type { OnDamaged } from '../../data-files.js';
import type { SecretCipher } from '../../ports.js';
import type { CoreContext, HandlersOf } from '../../context.js';
import type { Invalidates } from '../../registrar.js';

export interface AccountsOptions {
  /**
   * The OS keychain where the host has one (Electron's safeStorage), available or not: a new
   * vault takes it when it is available, and a passphrase vault may be moved to it. Without it
   * every vault is wrapped by the passphrase given to `accounts.unlock`.
   */
  keychain?: SecretCipher;
  /** Lets a new vault take any passphrase, for test harnesses only; by default it needs `passphraseStrength`. */
  weakPassphrases?: boolean;
  /**
   * scrypt's cost for passphrase vaults this core writes (default SCRYPT_PARAMS). Tests pass a
   * cheap one, as they pass `sleep`: the real cost is ~0.4 s per unlock and per save.
   */
  scrypt?: ScryptParams;
}

/** Where a missing order domain is set, for the words of every refusal. */
const SET_DOMAIN = 'choose one in Settings → Venues → Order signing';

/** What other domains use of the accounts: an account, and signing for it. */
export type Accounts = Omit<ReturnType<typeof accountsDomain>, 'name' | 'handlers' | 'invalidates'>;

/** How long a wrong passphrase is answered after: 0 s for the first, then 1, 2, 4 … s up to 30 s. */
export function unlockDelayMs(failures: number): number {
  return failures <= 1 ? 0 : Math.min(1000 * 2 ** (failures - 2), 30_000);
}

export function vaultPath(dataDir: string): string {
  return join(dataDir, 'vault.json');
}

/** The keychain when the host has one that works now. */
const keychainNow = (opts: AccountsOptions): SecretCipher | undefined => (opts.keychain?.isAvailable() ? opts.keychain : undefined);

/**
 * The vault with the cipher its file records: a passphrase-wrapped vault stays a passphrase
 * vault even once a keychain is available, until the user moves it; a new vault takes the
 * keychain when there is one, else the passphrase.
 */
export function openVault(dataDir: string, opts: AccountsOptions, passphrase?: string, onDamaged?: OnDamaged): Vault {
  const byPassphrase = (): SecretCipher => new PassphraseCipher(passphrase ?? '', opts.scrypt);
  return Vault.open(vaultPath(dataDir), (recorded) => {
    if (recorded === PASSPHRASE_KIND) return byPassphrase();
    if (recorded === undefined) return keychainNow(opts) ?? byPassphrase();
    // A keychain vault: without a keychain here, the passphrase cipher's other kind says so on unlock.
    return opts.keychain ?? byPassphrase();
  }, onDamaged);
}

export function accountsDomain(ctx: CoreContext, opts: AccountsOptions) {
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
  const unlock = async (passphrase: string | undefined) => {
    const next = openVault(ctx.dataDir, opts, passphrase, ctx.damaged);
    if (next.cipherKind === PASSPHRASE_KIND) {
      if (passphrase === undefined) throw new AppError('INVALID_INPUT', next.exists() ? 'type the vault’s passphrase to unlock it' : 'choose a passphrase to start the vault with', { field: 'passphrase' });
      const weakness = next.exists() || opts.weakPassphrases ? undefined : passphraseWeakness(passphrase);
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

  /** How the vault is kept; a vault not made yet is said as what would wrap it now. */
  const vaultState = (): VaultState => {
    const vault = ctx.vault();
    const keychain = keychainNow(opts) !== undefined;
    const kind = vault.exists() ? vault.recordedCipher : keychain ? 'keychain' : PASSPHRASE_KIND;
    return { exists: vault.exists(), protection: kind === PASSPHRASE_KIND ? 'passphrase' : 'keychain', keychain };
  };

  const moveToKeychain = async (): Promise<VaultState> => {
    const vault = unlocked('move it to the system keychain');
    if (vault.recordedCipher !== PASSPHRASE_KIND) return vaultState();
    const keychain = keychainNow(opts);
    if (!keychain) throw new AppError('NOT_OFFERED', 'no OS keychain is available on this system; the vault stays protected by its passphrase');
    await vault.rewrap(keychain).catch((err: unknown) => {
      throw new AppError('INTERNAL', `the system keychain did not take the vault (${err instanceof Error ? err.message : String(err)}); it stays protected by its passphrase`);
    });
    ctx.log.info('the key vault is now protected by the OS keychain', { keychain: keychain.kind });
    return vaultState();
  };

  /** Vault changes run one after another, behind any unlock attempt (and its delay). */
  const inTurn = <T>(fn: () => Promise<T>): Promise<T> => {
    const attempt = attempts.then(fn);
    attempts = attempt.catch(() => undefined);
    return attempt;
  };

  const handlers: HandlersOf<'accounts.list' | 'accounts.unlock' | 'accounts.lock' | 'accounts.createLocal' | 'accounts.import' | 'accounts.remove' | 'accounts.renewKeys' | 'accounts.moveToKeychain'> = {
    'accounts.list': () => ({ locked: ctx.vault().isLocked(), accounts: ctx.vault().list(ctx.session().profile.id), vault: vaultState() }),
    'accounts.unlock': ({ passphrase }) => inTurn(() => unlock(passphrase)),
    'accounts.moveToKeychain': () => inTurn(moveToKeychain),
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
    'accounts.renewKeys': async ({ id }) => {
      const vault = unlocked('renew an account’s API key');
      const s = ctx.session();
      const summary = vault.list(s.profile.id).find((a) => a.id === id);
      if (!summary) throw new AppError('NOT_FOUND', `no account ${id} on ${s.profile.name}`);
      const key = vault.secretsOf(id).use((x) => x.privateKey);
      // The venue makes (or gives again) the key for this wallet, signed with the wallet key (L1).
      const creds = await createApiKey(s, key, summary.address);
      return vault.replaceCredentials(id, creds);
    },
  };

  // Every change of the vault changes the accounts list (its lock, its accounts).
  const list = ['accounts.list'] as const;
  const invalidates: Invalidates = { 'accounts.unlock': list, 'accounts.lock': list, 'accounts.createLocal': list, 'accounts.import': list, 'accounts.remove': list, 'accounts.renewKeys': list, 'accounts.moveToKeychain': list };
  return { name: 'accounts', handlers, invalidates, account, signerFor, signedFor, orderDomain };
}
