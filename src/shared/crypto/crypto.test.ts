import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  clobAuthDigest, decodeSecret, fromBase64, hmacSignature, orderHash, privateKeyToAddress, recoverAddress, recoverOrderSigner, secp256k1BackendName,
  setSecp256k1Backend, signClobAuth, signDigest, signOrder, toBase64Url, toChecksumAddress, toHex, typedDataDigest, ZERO_BYTES32, type SignableOrder, type Types,
} from './index.js';
import { useNativeSecp256k1 } from './native.js';

const KEY = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
const ADDRESS = '0x2c7536E3605D9C16a7a3D7b1898e529396a65c23';

describe('request HMAC', () => {
  const file = JSON.parse(readFileSync(join(import.meta.dirname, '../../../fixtures/hmac-vectors.json'), 'utf8')) as {
    vectors: Array<{ secret: string; timestamp: string; method: string; path: string; body?: string; signature: string }>;
  };
  it.each(file.vectors.map((v, i) => [i, v] as const))('vector %i', (_, v) => {
    expect(hmacSignature(v.secret, v.timestamp, v.method, v.path, v.body)).toBe(v.signature);
  });
  it('has vectors to check', () => expect(file.vectors.length).toBeGreaterThanOrEqual(4));
  it('reads every base64 form of a secret and refuses what is not base64', () => {
    const bytes = new Uint8Array([251, 255, 191, 0, 1, 2, 3]);
    const url = toBase64Url(bytes);
    expect(url).toBe('-_-_AAECAw==');
    for (const form of [url, url.replace(/=+$/, ''), '+/+/AAECAw==', '+/+/AAECAw']) expect(decodeSecret(form)).toEqual(bytes);
    expect(() => decodeSecret('not base64!')).toThrow(/API secret is not base64/);
    expect(fromBase64('')).toEqual(new Uint8Array());
  });
});

describe('keys and signatures', () => {
  afterEach(() => setSecp256k1Backend(null));

  it('derives the checksummed address of a known key', () => {
    expect(privateKeyToAddress(KEY)).toBe(ADDRESS);
    expect(toChecksumAddress(ADDRESS.toLowerCase())).toBe(ADDRESS);
    expect(() => privateKeyToAddress('0x1234')).toThrow(/32 bytes/);
  });

  it('signs and recovers, with v = 27/28 and also 0/1', () => {
    const digest = new Uint8Array(32).fill(7);
    const sig = signDigest(KEY, digest);
    expect(sig).toMatch(/^0x[0-9a-f]{128}(1b|1c)$/);
    expect(recoverAddress(digest, sig)).toBe(ADDRESS);
    const v = parseInt(sig.slice(-2), 16) - 27;
    expect(recoverAddress(digest, `${sig.slice(0, -2)}0${v}`)).toBe(ADDRESS);
    expect(recoverAddress(new Uint8Array(32).fill(8), sig)).not.toBe(ADDRESS);
    expect(recoverAddress(digest, '0xdeadbeef')).toBeNull();
    expect(recoverAddress(digest, `${sig.slice(0, -2)}05`)).toBeNull();
  });

  it('the native backend agrees with the pure-JS one', async () => {
    const digest = new Uint8Array(32).fill(9);
    const pure = signDigest(KEY, digest);
    const loaded = await useNativeSecp256k1();
    if (!loaded) return; // no prebuild for this platform: the pure-JS path is what runs
    expect(secp256k1BackendName()).toBe('libsecp256k1');
    expect(signDigest(KEY, digest)).toBe(pure); // both deterministic (RFC 6979), low s
    expect(privateKeyToAddress(KEY)).toBe(ADDRESS);
    expect(recoverAddress(digest, pure)).toBe(ADDRESS);
  });
});

describe('EIP-712', () => {
  it('matches the specification’s Mail example', () => {
    const types: Types = {
      Person: [['name', 'string'], ['wallet', 'address']],
      Mail: [['from', 'Person'], ['to', 'Person'], ['contents', 'string']],
    };
    const digest = typedDataDigest({ name: 'Ether Mail', version: '1', chainId: 1, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' }, types, 'Mail', {
      from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
      to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
      contents: 'Hello, Bob!',
    });
    expect(toHex(digest)).toBe('0xbe609aee343fb3c4b28e1df9e632fca64fcfaede20f02e86244efddf30957bd2');
  });

  const domain = { name: 'Kairos Sandbox Exchange', chainId: 31337, verifyingContract: '0x4b41495230534e44424f5845584348414e474531' };
  const order: SignableOrder = {
    salt: '123456789', maker: ADDRESS, signer: ADDRESS, tokenId: '71321045679252212594626385532706912750332728571942532289631379312455583992563',
    makerAmount: '5000000', takerAmount: '10000000', side: 0, signatureType: 0, timestamp: '1735689600123', metadata: ZERO_BYTES32, builder: ZERO_BYTES32,
  };

  it('signs orders whose signer recovers, and any changed field breaks it', () => {
    const sig = signOrder(order, domain, KEY);
    expect(recoverOrderSigner(order, domain, sig)).toBe(ADDRESS);
    expect(recoverOrderSigner({ ...order, makerAmount: '5000001' }, domain, sig)).not.toBe(ADDRESS);
    expect(recoverOrderSigner(order, { ...domain, chainId: 1 }, sig)).not.toBe(ADDRESS);
    expect(orderHash(order, domain)).toMatch(/^0x[0-9a-f]{64}$/);
    expect(orderHash({ ...order, salt: '1' }, domain)).not.toBe(orderHash(order, domain));
  });

  it('names the field of a value that cannot be encoded', () => {
    expect(() => orderHash({ ...order, tokenId: '-1' }, domain)).toThrow(/Order.tokenId/);
    expect(() => orderHash({ ...order, maker: '0x12' }, domain)).toThrow(/Order.maker/);
    expect(() => orderHash({ ...order, side: 256 as 0 }, domain)).toThrow(/Order.side is outside uint8/);
  });

  it('ClobAuth signatures recover the wallet', () => {
    const sig = signClobAuth(KEY, { timestamp: '1735689600', nonce: '0' }, 31337);
    expect(recoverAddress(clobAuthDigest({ address: ADDRESS, timestamp: '1735689600', nonce: '0' }, 31337), sig)).toBe(ADDRESS);
    expect(recoverAddress(clobAuthDigest({ address: ADDRESS, timestamp: '1735689601', nonce: '0' }, 31337), sig)).not.toBe(ADDRESS);
  });
});
