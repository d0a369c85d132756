// The vault's accounts on the active profile: unlock and lock, create and import, and the two
// signatures a trading request needs (L1 for API keys, L2 HMAC headers per request), plus the
// EIP-712 domain orders are signed for.
import { join } from 'node:path';
import { hmacSignature, privateKeyToAddress, randomPrivateKey, signClobAuth, type OrderDomain } from '@shared/crypto/index.js';
import type { RequestSigner } from '../clients/index.js';
import { AppError } from '../router.js';
import { perSession, type Session } from '../session.js';
import { PassphraseCipher, Vault, type AccountSummary } from '../vault/vault.js';
import type { SecretCipher } from '../ports.js';
import type { CoreContext, HandlersOf } from './context.js';

export interface DomainSetting {
  name: string;
  chainId: number;
  exchange: string;
  negRiskExchange: string;
}

export interface AccountsOptions {
  /** Wraps the vault key; defaults to a passphrase given to `accounts.unlock`. */
  cipher?: (passphrase?: string) => SecretCipher;
  /** The EIP-712 order domain when the venue does not publish one at /version. */
  orderDomain?: DomainSetting;
}

export type Accounts = ReturnType<typeof accountsService>;

export function vaultPath(dataDir: string): string {
  return join(dataDir, 'vault.json');
}

export function openVault(dataDir: string, opts: AccountsOptions, passphrase?: string): Vault {
  const cipherFor = opts.cipher ?? ((p?: string) => new PassphraseCipher(p ?? ''));
  return Vault.open(vaultPath(dataDir), cipherFor(passphrase));
}

export function accountsService(ctx: CoreContext, opts: AccountsOptions) {
  const domainOf = perSession(() => ({ read: undefined as Promise<DomainSetting> | undefined }));

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

  /** The venue's published domain where it has /version, else the one the app was given. */
  const readDomain = async (s: Session): Promise<DomainSetting> => {
    let d = opts.orderDomain ? { ...opts.orderDomain } : undefined;
    try {
      const v = await s.clients.trading.version();
      if (v.domain?.name && v.domain.chainId && v.domain.verifyingContract) {
        d = { name: v.domain.name, chainId: v.domain.chainId, exchange: v.domain.verifyingContract, negRiskExchange: v.domain.negRiskVerifyingContract ?? v.domain.verifyingContract };
      }
    } catch {
      // Venues need not publish /version; the profile's domain stands.
    }
    if (!d) throw new AppError('VENUE_ERROR', 'this venue does not say which exchange orders are signed for; set it in the profile');
    return d;
  };
  const orderDomain = async (s: Session, negRisk: boolean): Promise<OrderDomain> => {
    const state = domainOf(s);
    const read = (state.read ??= readDomain(s).catch((err: unknown) => {
      state.read = undefined;
      throw err;
    }));
    const d = await read;
    return { name: d.name, chainId: d.chainId, verifyingContract: negRisk ? d.negRiskExchange : d.exchange };
  };

  /** A new API key from the venue, signed (L1) with the wallet key on the venue's clock. */
  const createApiKey = async (s: Session, key: string, address: string) => {
    await s.clients.trading.syncClock(() => ctx.clock.now());
    const { chainId } = await orderDomain(s, false);
    const timestamp = String(Math.floor(s.clients.trading.serverNow(ctx.clock.now()) / 1000));
    const prefix = s.profile.headerPrefix;
    return s.clients.trading.createApiKey({ [`${prefix}_ADDRESS`]: address, [`${prefix}_SIGNATURE`]: signClobAuth(key, { timestamp, nonce: '0' }, chainId), [`${prefix}_TIMESTAMP`]: timestamp, [`${prefix}_NONCE`]: '0' });
  };

  const unlocked = (what: string): Vault => {
    const vault = ctx.vault();
    if (vault.isLocked()) throw new AppError('VAULT_LOCKED', `unlock the vault to ${what}`);
    return vault;
  };

  const handlers: HandlersOf<'accounts.list' | 'accounts.unlock' | 'accounts.lock' | 'accounts.createLocal' | 'accounts.import' | 'accounts.remove'> = {
    'accounts.list': () => ({ locked: ctx.vault().isLocked(), accounts: ctx.vault().list(ctx.session().profile.id) }),
    'accounts.unlock': async ({ passphrase }) => {
      const next = openVault(ctx.dataDir, opts, passphrase);
      await next.unlock();
      ctx.vault().lock();
      ctx.setVault(next);
      return { locked: false };
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
