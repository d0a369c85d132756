// The L2 request signature of venue-profile C in node:crypto, for the venue's check of every
// signed request and the order benchmark's client: the shared pure-JS HMAC (shared/crypto/hmac.ts,
// which must stay free of node: imports) took ~0.1 ms over a 10 kB order batch.
import { createHmac } from 'node:crypto';
import { toBase64Url } from '@shared/crypto/bytes.js';

/** `key` is the API secret's decoded bytes; `method` upper-case, as signed. */
export function l2Signature(key: Uint8Array, timestamp: string, method: string, path: string, body: string | Buffer): string {
  return toBase64Url(createHmac('sha256', key).update(`${timestamp}${method}${path}`).update(body).digest());
}
