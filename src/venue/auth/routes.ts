// Venue-profile C auth: API keys for EIP-712 wallet signatures (L1). The HMAC request signature
// of every signed route (L2) is checked in verify.ts, which http.ts calls before a handler runs.
import type { FastifyRequest } from 'fastify';
import { clobAuthDigest, isAddress, recoverAddress } from '@shared/crypto/index.js';
import { badParam, HttpError, notFound } from '../errors.js';
import type { VenueContext } from '../context.js';
import type { Surface } from '../http.js';
import { ensureApiKey, existingApiKey } from './keys.js';
import { checkFresh, header } from './verify.js';

const MAX_UINT256 = (1n << 256n) - 1n;

/** L1: the wallet proves control with an EIP-712 ClobAuth signature. */
function walletAuth(req: FastifyRequest, ctx: VenueContext): { address: string; nonce: string } {
  const address = header(req, ctx, 'ADDRESS', true);
  const signature = header(req, ctx, 'SIGNATURE', true);
  const timestamp = header(req, ctx, 'TIMESTAMP', true);
  const nonce = header(req, ctx, 'NONCE', false) ?? '0';
  if (!isAddress(address)) throw new HttpError(401, 'INVALID_SIGNATURE', `${ctx.settings.headerPrefix}_ADDRESS is not a 0x-prefixed 20-byte address`);
  // Venue-profile H: the nonce is a uint256 (78 digits may still exceed 2^256 - 1).
  const nonceName = `${ctx.settings.headerPrefix}_NONCE`;
  if (!/^\d{1,78}$/.test(nonce) || BigInt(nonce) > MAX_UINT256) throw badParam(nonceName, `${nonceName} must be an unsigned integer below 2^256, got "${nonce.slice(0, 100)}"`);
  checkFresh(ctx, timestamp, 'TIMESTAMP');
  const signer = recoverAddress(clobAuthDigest({ address, timestamp, nonce }, ctx.settings.chainId), signature);
  if (signer === null || signer.toLowerCase() !== address.toLowerCase()) {
    throw new HttpError(401, 'INVALID_SIGNATURE', `the ClobAuth signature does not recover to ${address} (chainId ${ctx.settings.chainId})`);
  }
  return { address: address.toLowerCase(), nonce: BigInt(nonce).toString() };
}

export function registerAuth(s: Surface, ctx: VenueContext): void {
  s.post('/auth/api-key', [], (req) => {
    const { address, nonce } = walletAuth(req, ctx);
    return ensureApiKey(ctx, address, nonce);
  });
  s.get('/auth/derive-api-key', [], (req) => {
    const { address, nonce } = walletAuth(req, ctx);
    const creds = existingApiKey(ctx, address, nonce);
    if (!creds) throw notFound(`no API key for ${address} with nonce ${nonce}; create one with POST /auth/api-key`);
    return creds;
  });
}
