// L2 request signatures (venue-profile C): HMAC-SHA256 over timestamp + METHOD + path + body,
// keyed by the base64-decoded secret, sent as url-safe base64 with padding.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { fromBase64, toBase64Url, utf8 } from './bytes.js';

/** The API secret's key bytes; accepts standard and url-safe alphabets, padded or not. */
export function decodeSecret(secret: string): Uint8Array {
  return fromBase64(secret, 'API secret');
}

/** `method` is used as given: callers pass the upper-case HTTP method. */
export function hmacSignature(secret: string, timestamp: string, method: string, path: string, body = ''): string {
  return toBase64Url(hmac(sha256, decodeSecret(secret), utf8(`${timestamp}${method}${path}${body}`)));
}

/** Compares two signatures without leaking where they differ. */
export function sameSignature(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
