// The client side of venue-profile C for the venue's tests, simulator and benchmarks: API
// credentials from a wallet signature (L1), and signed request headers (L2).
import { hmacSignature, privateKeyToAddress, signClobAuth } from '@shared/crypto/index.js';
import { DEFAULT_SETTINGS } from '../settings.js';
import type { ApiCredentials } from './keys.js';

export type ApiCreds = ApiCredentials;

export interface AuthSettings {
  /** `SERVICE` unless the venue says otherwise. */
  headerPrefix?: string;
  chainId?: number;
}

/** A wallet with its credentials, ready to sign requests to one venue. */
export interface AuthSession {
  address: string;
  creds: ApiCreds;
  headerPrefix: string;
  /** L2 headers of one request; `path` is the spec path (e.g. `/orders`), `body` the exact text sent. */
  headers(method: string, path: string, body?: string, nowMs?: number): Record<string, string>;
}

/** L1 headers proving control of the wallet of `privateKey` (timestamp in epoch ms). */
export function l1Headers(privateKey: string, settings: AuthSettings = {}, nonce = '0', nowMs = Date.now()): Record<string, string> {
  const p = settings.headerPrefix ?? DEFAULT_SETTINGS.headerPrefix;
  const timestamp = String(nowMs);
  return {
    [`${p}_ADDRESS`]: privateKeyToAddress(privateKey),
    [`${p}_SIGNATURE`]: signClobAuth(privateKey, { timestamp, nonce }, settings.chainId ?? DEFAULT_SETTINGS.chainId),
    [`${p}_TIMESTAMP`]: timestamp,
    [`${p}_NONCE`]: nonce,
  };
}

/** L2 headers: HMAC of timestamp + METHOD + path + body under the API secret. */
export function l2Headers(
  creds: ApiCreds,
  address: string,
  method: string,
  path: string,
  body = '',
  nowMs = Date.now(),
  headerPrefix = DEFAULT_SETTINGS.headerPrefix,
): Record<string, string> {
  const p = headerPrefix;
  const timestamp = String(nowMs);
  return {
    [`${p}_ADDRESS`]: address,
    [`${p}_API_KEY`]: creds.apiKey,
    [`${p}_PASSPHRASE`]: creds.passphrase,
    [`${p}_TIMESTAMP`]: timestamp,
    [`${p}_SIGNATURE`]: hmacSignature(creds.secret, timestamp, method.toUpperCase(), path, body),
  };
}

async function keyRequest(tradingUrl: string, method: 'POST' | 'GET', path: string, privateKey: string, settings: AuthSettings, nonce: string): Promise<ApiCreds> {
  const res = await fetch(`${tradingUrl}${path}`, { method, headers: l1Headers(privateKey, settings, nonce) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${text}`);
  const body = JSON.parse(text) as Partial<ApiCreds>;
  if (typeof body.apiKey !== 'string' || typeof body.secret !== 'string' || typeof body.passphrase !== 'string') {
    throw new Error(`${method} ${path}: the answer lacks apiKey, secret or passphrase`);
  }
  return { apiKey: body.apiKey, secret: body.secret, passphrase: body.passphrase };
}

/** `POST /auth/api-key`: creates (or returns the existing) credentials of the wallet and nonce. */
export function createApiKey(tradingUrl: string, privateKey: string, settings: AuthSettings = {}, nonce = '0'): Promise<ApiCreds> {
  return keyRequest(tradingUrl, 'POST', '/auth/api-key', privateKey, settings, nonce);
}

/** `GET /auth/derive-api-key`: the credentials created earlier for the wallet and nonce. */
export function deriveApiKey(tradingUrl: string, privateKey: string, settings: AuthSettings = {}, nonce = '0'): Promise<ApiCreds> {
  return keyRequest(tradingUrl, 'GET', '/auth/derive-api-key', privateKey, settings, nonce);
}

/** Credentials for `privateKey` from the venue at `tradingUrl`, and a signer of its requests. */
export async function connect(tradingUrl: string, privateKey: string, settings: AuthSettings = {}, nonce = '0'): Promise<AuthSession> {
  const creds = await createApiKey(tradingUrl, privateKey, settings, nonce);
  const address = privateKeyToAddress(privateKey);
  const headerPrefix = settings.headerPrefix ?? DEFAULT_SETTINGS.headerPrefix;
  return {
    address,
    creds,
    headerPrefix,
    headers: (method, path, body = '', nowMs = Date.now()) => l2Headers(creds, address, method, path, body, nowMs, headerPrefix),
  };
}
