// The vault's data key wrapped with a key derived from a passphrase (scrypt), for the browser
// host and tests; Electron's safeStorage is the other SecretCipher.
import { createCipheriv, createDecipheriv, randomBytes, scrypt, type ScryptOptions } from 'node:crypto';
import type { SecretCipher } from '../ports.js';
import { VaultError } from './errors.js';

export const PASSPHRASE_KIND = 'passphrase-scrypt';

/** scrypt's cost: N = 2^logN, r, p. */
export interface ScryptParams {
  logN: number;
  r: number;
  p: number;
}

/** What keys are wrapped with now. */
export const SCRYPT_PARAMS: ScryptParams = { logN: 17, r: 8, p: 1 };
/** What a wrapped key without recorded parameters (format 1) was made with. */
export const SCRYPT_PARAMS_V1: ScryptParams = { logN: 15, r: 8, p: 1 };

const SALT = 16;
const IV = 12;
const TAG = 16;

function deriveKey(passphrase: string, salt: Buffer, { logN, r, p }: ScryptParams): Promise<Buffer> {
  const N = 2 ** logN;
  // scrypt needs 128·N·r·p bytes; twice that leaves room for its other buffers.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r * p };
  return new Promise((resolve, reject) => {
    // The async form runs on libuv's pool: a slow derivation never blocks the main thread.
    scrypt(passphrase.normalize('NFKC'), salt, 32, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/**
 * Wraps the data key with a key derived from a passphrase (scrypt), for the browser host and tests.
 * Format 2 records scrypt's parameters beside the salt: [2, logN, r, p, salt, iv, tag, body],
 * the header bound as associated data. Format 1, [1, salt, iv, tag, body], used SCRYPT_PARAMS_V1
 * and is still read.
 */
export class PassphraseCipher implements SecretCipher {
  readonly kind = PASSPHRASE_KIND;
  constructor(
    private readonly passphrase: string,
    private readonly params: ScryptParams = SCRYPT_PARAMS,
  ) {}
  isAvailable(): boolean {
    return this.passphrase.length > 0;
  }

  /** The scrypt parameters a wrapped key was made with. */
  static paramsOf(sealed: Uint8Array): ScryptParams {
    return PassphraseCipher.parse(Buffer.from(sealed)).params;
  }

  async encrypt(plain: Uint8Array): Promise<Uint8Array> {
    const { logN, r, p } = this.params;
    const header = Buffer.from([2, logN, r, p]);
    const salt = randomBytes(SALT);
    const iv = randomBytes(IV);
    const c = createCipheriv('aes-256-gcm', await deriveKey(this.passphrase, salt, this.params), iv);
    c.setAAD(header);
    const body = Buffer.concat([c.update(plain), c.final()]);
    return Buffer.concat([header, salt, iv, c.getAuthTag(), body]);
  }

  async decrypt(sealed: Uint8Array): Promise<Uint8Array> {
    const { params, header, rest } = PassphraseCipher.parse(Buffer.from(sealed));
    const salt = rest.subarray(0, SALT);
    const iv = rest.subarray(SALT, SALT + IV);
    const tag = rest.subarray(SALT + IV, SALT + IV + TAG);
    const d = createDecipheriv('aes-256-gcm', await deriveKey(this.passphrase, salt, params), iv);
    if (header.length > 1) d.setAAD(header);
    d.setAuthTag(tag);
    try {
      return Buffer.concat([d.update(rest.subarray(SALT + IV + TAG)), d.final()]);
    } catch {
      throw new VaultError('WRONG_PASSPHRASE', 'wrong passphrase');
    }
  }

  private static parse(buf: Buffer): { params: ScryptParams; header: Buffer; rest: Buffer } {
    const damaged = () => new VaultError('VAULT_CORRUPT', 'the wrapped vault key is damaged');
    if (buf[0] === 1) {
      if (buf.length < 1 + SALT + IV + TAG) throw damaged();
      return { params: SCRYPT_PARAMS_V1, header: buf.subarray(0, 1), rest: buf.subarray(1) };
    }
    if (buf[0] === 2) {
      if (buf.length < 4 + SALT + IV + TAG) throw damaged();
      const params = { logN: buf[1] as number, r: buf[2] as number, p: buf[3] as number };
      // Bounded, so a tampered file cannot make an unlock take minutes or gigabytes.
      if (params.logN < 10 || params.logN > 20 || params.r < 1 || params.r > 16 || params.p < 1 || params.p > 4) throw damaged();
      return { params, header: buf.subarray(0, 4), rest: buf.subarray(4) };
    }
    throw damaged();
  }
}
