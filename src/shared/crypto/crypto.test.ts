import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  clobAuthDigest, decodeSecret, domainSeparator, encodeType, fromBase64, fromHex, hashStruct, hmacSignature, isAddress, keccak256, orderDigest, orderHash,
  privateKeyToAddress, recoverAddress, recoverAddressLower, recoverOrderSigner, secp256k1BackendName, setSecp256k1Backend, signClobAuth, signDigest, signOrder, toBase64Url,
  toChecksumAddress, toHex, typedDataDigest, utf8, ZERO_BYTES32, type SignableOrder, type Types,
} from './index.js';
import { useNativeSecp256k1 } from '../../native/secp256k1.js';

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

describe('hashes and addresses', () => {
  it('keccak256 matches known digests', () => {
    expect(toHex(keccak256(new Uint8Array()))).toBe('0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
    expect(toHex(keccak256(utf8('hello')))).toBe('0x1c8aff950685c2ed4bc3174f3472287b56d9517b9c948127319a09a7a36deac8');
  });

  it('reads and writes hex, naming what is not hex', () => {
    expect(toHex(fromHex('0x00ff10'))).toBe('0x00ff10');
    expect(toHex(fromHex('ABCD'))).toBe('0xabcd');
    expect(() => fromHex('0x123', 'salt')).toThrow(/salt is not an even-length hex string/);
    expect(() => fromHex('0xzz')).toThrow(/not an even-length hex/);
  });

  it('EIP-55 checksums match the specification’s examples', () => {
    for (const a of ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb']) {
      expect(toChecksumAddress(a.toLowerCase())).toBe(a);
      expect(toChecksumAddress(a.toUpperCase().replace('0X', '0x'))).toBe(a);
    }
    expect(isAddress(ADDRESS)).toBe(true);
    expect(isAddress(ADDRESS.slice(0, -1))).toBe(false);
    expect(isAddress(ADDRESS.slice(2))).toBe(false);
    expect(isAddress(`${ADDRESS.slice(0, -1)}g`)).toBe(false);
    expect(() => toChecksumAddress('0x12')).toThrow(/not an address: 0x12/);
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
    expect(recoverAddressLower(digest, sig)).toBe(ADDRESS.toLowerCase());
    expect(recoverAddressLower(digest, '0xdeadbeef')).toBeNull();
    const v = parseInt(sig.slice(-2), 16) - 27;
    expect(recoverAddress(digest, `${sig.slice(0, -2)}0${v}`)).toBe(ADDRESS);
    expect(recoverAddress(new Uint8Array(32).fill(8), sig)).not.toBe(ADDRESS);
    expect(recoverAddress(digest, '0xdeadbeef')).toBeNull();
    expect(recoverAddress(digest, `${sig.slice(0, -2)}05`)).toBeNull();
  });

  it('refuses digests that are not 32 bytes', () => {
    expect(() => signDigest(KEY, new Uint8Array(31))).toThrow(/digest must be 32 bytes/);
    expect(recoverAddress(new Uint8Array(31), signDigest(KEY, new Uint8Array(32)))).toBeNull();
  });

  it('the native backend agrees with the pure-JS one', async () => {
    const digest = new Uint8Array(32).fill(9);
    const pure = signDigest(KEY, digest);
    const loaded = await useNativeSecp256k1();
    // The package ships prebuilds for these; elsewhere the pure-JS path is what runs.
    if (['linux-x64', 'darwin-arm64', 'win32-x64'].includes(`${process.platform}-${process.arch}`)) expect(loaded).toBe(true);
    if (!loaded) return;
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
    expect(encodeType(types, 'Mail')).toBe('Mail(Person from,Person to,string contents)Person(string name,address wallet)');
    expect(toHex(domainSeparator({ name: 'Ether Mail', version: '1', chainId: 1, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' }))).toBe(
      '0xf2cee375fa42b42143804025fc449deafd50cc031ca257e0b194a650a912090f',
    );
    const mail = { from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' }, to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' }, contents: 'Hello, Bob!' };
    expect(toHex(hashStruct(types, 'Mail', mail))).toBe('0xc52c0ee5d84264471806290a3f2c4cecfc5490626bf912d01f240d7a274b371e');
    // The example's signer is keccak256("cow"); signatures are deterministic (RFC 6979).
    const cow = toHex(keccak256(utf8('cow')));
    expect(privateKeyToAddress(cow)).toBe('0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826');
    expect(signDigest(cow, digest)).toBe('0x4355c47d63924e8a72e509b65029052eb6c299d53a04e167c5775fd466751c9d07299936d304c153f6443dfa05f40ff007d72911b6f72307f996231605b915621c');
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
    expect(() => orderHash({ ...order, salt: '' }, domain)).toThrow(/Order.salt is not an unsigned integer/);
    expect(() => orderHash({ ...order, makerAmount: ' 5' }, domain)).toThrow(/Order.makerAmount/);
    expect(() => orderHash({ ...order, metadata: '0x12' }, domain)).toThrow(/Order.metadata is not 32 bytes/);
    expect(() => orderHash({ ...order, salt: (1n << 256n).toString() }, domain)).toThrow(/outside uint256/);
    expect(orderHash({ ...order, salt: ((1n << 256n) - 1n).toString() }, domain)).toMatch(/^0x[0-9a-f]{64}$/);
  });

  /** An independent encoding: typeHash ‖ each field as a 32-byte word, from BigInt and hex text. */
  function plainOrderDigest(o: SignableOrder): string {
    const word = (n: bigint) => n.toString(16).padStart(64, '0');
    const addr = (a: string) => a.slice(2).toLowerCase().padStart(64, '0');
    const typeHash = toHex(keccak256(utf8(
      'Order(uint256 salt,address maker,address signer,uint256 tokenId,uint256 makerAmount,uint256 takerAmount,uint8 side,uint8 signatureType,uint256 timestamp,bytes32 metadata,bytes32 builder)',
    ))).slice(2);
    const encoded = typeHash + word(BigInt(o.salt)) + addr(o.maker) + addr(o.signer) + word(BigInt(o.tokenId)) + word(BigInt(o.makerAmount)) +
      word(BigInt(o.takerAmount)) + word(BigInt(o.side)) + word(BigInt(o.signatureType)) + word(BigInt(o.timestamp)) + o.metadata.slice(2) + o.builder.slice(2);
    const sep = domainSeparator({ name: domain.name, version: '2', chainId: domain.chainId, verifyingContract: domain.verifyingContract });
    return toHex(keccak256(fromHex(`1901${toHex(sep).slice(2)}${toHex(keccak256(fromHex(encoded))).slice(2)}`)));
  }

  it('hashes the order struct field by field as EIP-712 encodes it', () => {
    expect(toHex(orderDigest(order, domain))).toBe(plainOrderDigest(order));
    expect(orderHash(order, domain)).toBe(plainOrderDigest(order));
  });

  it('encodes short and long numbers, and repeated values, exactly as the plain encoding does', () => {
    // Short decimals skip BigInt and long ones and hex words are remembered: both must give the
    // words the plain encoding gives, on first use and on reuse.
    const digits = (n: number, first = '9') => first + '7'.repeat(n - 1);
    const values = ['0', '1', '255', '256', digits(15), '999999999999999', digits(16), '1000000000000000', digits(40), digits(41), digits(77, '1'), ((1n << 256n) - 1n).toString(), '000000000000000000000000000000000000000000042'];
    for (let round = 0; round < 2; round++) {
      for (const v of values) {
        for (const o of [
          { ...order, salt: v },
          { ...order, tokenId: v, makerAmount: v },
          { ...order, timestamp: v, maker: order.maker.toLowerCase(), signer: toChecksumAddress(order.signer), metadata: `0x${'ab'.repeat(32)}` },
        ]) expect(orderHash(o, domain), `${v} round ${round}`).toBe(plainOrderDigest(o));
      }
    }
  });


  it('ClobAuth signatures match a published client’s vectors', () => {
    // Vectors of a public client library for the same struct: chainId 80002 and 80001.
    const anvil = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
    expect(signClobAuth(anvil, { timestamp: '10000000', nonce: '23' }, 80002)).toBe(
      '0xf62319a987514da40e57e2f4d7529f7bac38f0355bd88bb5adbb3768d80de6c1682518e0af677d5260366425f4361e7b70c25ae232aff0ab2331e2b164a1aedc1b',
    );
    expect(signClobAuth(anvil, { timestamp: '10000000', nonce: '23' }, 80001)).toBe(
      '0xd91760ebcb14e814e9e12600b9bc7cd6bf13ebc175f6a28538b4925763f94f90012da34dd71290d441c28bc4f9b2281d3eb9ecfd1c9a63db1ce9ca85c89c914c1b',
    );
  });

  it('ClobAuth signatures recover the wallet', () => {
    const sig = signClobAuth(KEY, { timestamp: '1735689600', nonce: '0' }, 31337);
    expect(recoverAddress(clobAuthDigest({ address: ADDRESS, timestamp: '1735689600', nonce: '0' }, 31337), sig)).toBe(ADDRESS);
    expect(recoverAddress(clobAuthDigest({ address: ADDRESS, timestamp: '1735689601', nonce: '0' }, 31337), sig)).not.toBe(ADDRESS);
  });
});
