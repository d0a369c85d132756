// Kairos's order signing against the service family's official client, @polymarket/clob-client-v2:
// same order, same domain, same key must give the same struct hash, typed-data hash and
// signature. Also pins the production order-domain preset to the library's chain-137 config.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Wallet } from '@ethersproject/wallet';
import { getContractConfig, Side, SignatureTypeV2 } from '@polymarket/clob-client-v2';
import { createWalletClient, custom, hashDomain, hashStruct as viemHashStruct, type TypedDataParameter } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import {
  domainSeparator, fromHex, hashStruct, keccak256, orderDigest, orderHash, privateKeyToAddress, recoverOrderSigner, signOrder, toHex, ZERO_BYTES32,
  type OrderDomain, type SignableOrder, type Types, type Value,
} from './index.js';
import { getOrderDomainPreset, OrderDomainSetting, orderDomainFor } from '../domain/order-domains.js';

// The order builder and its typed-data constants are not exported from the package's entry
// point (its `exports` map lists "." only), so they are loaded from its dist files by path.
const require = createRequire(import.meta.url);
const dist = dirname(require.resolve('@polymarket/clob-client-v2'));

/** The library's order as it builds it (OrderV2 in dist/order-utils/model/orderDataV2.d.ts). */
interface LibOrder {
  salt: string;
  maker: string;
  signer: string;
  tokenId: string;
  makerAmount: string;
  takerAmount: string;
  side: Side;
  signatureType: SignatureTypeV2;
  timestamp: string;
  metadata: string;
  builder: string;
  expiration: string;
}
interface LibTypedData {
  primaryType: 'Order';
  types: Record<string, TypedDataParameter[]>;
  domain: { name: string; version: string; chainId: number; verifyingContract: `0x${string}` };
  message: Record<string, string | number>;
}
interface LibOrderBuilder {
  buildOrder(data: Omit<LibOrder, 'salt'>): Promise<LibOrder>;
  buildOrderTypedData(order: LibOrder): LibTypedData;
  buildOrderHash(typedData: LibTypedData): `0x${string}`;
  buildOrderSignature(typedData: LibTypedData): Promise<string>;
}
type LibSigner = Wallet | ReturnType<typeof viemWalletClient>;

const lib = {
  builder: require(join(dist, 'order-utils/exchangeOrderBuilderV2.cjs')) as {
    ExchangeOrderBuilderV2: new (contract: string, chainId: number, signer: LibSigner, generateSalt?: () => string) => LibOrderBuilder;
  },
  typedData: require(join(dist, 'order-utils/model/ctfExchangeV2TypedData.cjs')) as {
    CTF_EXCHANGE_V2_DOMAIN_NAME: string;
    CTF_EXCHANGE_V2_DOMAIN_VERSION: string;
    CTF_EXCHANGE_V2_ORDER_STRUCT: TypedDataParameter[];
  },
};

const KEY = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
const ADDRESS = privateKeyToAddress(KEY);
const SALT = '479249096354';
const TOKEN_ID = '71321045679252212594626385532706912750332728571942532289631379312455583992563';
const TIMESTAMP = '1767225600000';

// A wallet client with a local account signs without a node; the transport refuses any call.
function viemWalletClient() {
  return createWalletClient({
    account: privateKeyToAccount(KEY),
    transport: custom({
      request: () => Promise.reject(new Error('this test makes no RPC call')),
    }),
  });
}

const signers: Array<[string, () => LibSigner]> = [
  ['an ethers v5 wallet', () => new Wallet(KEY)],
  ['a viem wallet client', viemWalletClient],
];

const preset = getOrderDomainPreset('family-production-137');
if (!preset) throw new Error('preset family-production-137 is missing');
const setting = OrderDomainSetting.parse(preset.domain);

// The Order type exactly as venue-profile C writes it, for Kairos's general-purpose hashStruct.
const SPEC_ORDER_TYPES: Types = {
  Order: 'uint256 salt,address maker,address signer,uint256 tokenId,uint256 makerAmount,uint256 takerAmount,uint8 side,uint8 signatureType,uint256 timestamp,bytes32 metadata,bytes32 builder'
    .split(',')
    .map((f) => {
      const [type, name] = f.split(' ') as [string, string];
      return [name, type] as const;
    }),
};

const cases = [
  { market: 'normal', negRisk: false, side: Side.BUY, makerAmount: '52000000', takerAmount: '100000000' },
  { market: 'normal', negRisk: false, side: Side.SELL, makerAmount: '100000000', takerAmount: '48000000' },
  { market: 'negative-risk', negRisk: true, side: Side.BUY, makerAmount: '1230000', takerAmount: '3000000' },
  { market: 'negative-risk', negRisk: true, side: Side.SELL, makerAmount: '3000000', takerAmount: '1170000' },
] as const;

/**
 * The library's order mapped to Kairos's. The signed fields agree in name and EIP-712 type; they
 * differ in representation: the library's side is the string enum "BUY"/"SELL" (its typed data
 * turns it into 0/1), Kairos's is 0/1 already; signatureType is a numeric enum there, a number
 * here; and the library's order carries `expiration`, which is not signed (it is not in the
 * Order type), so Kairos's signable order has no such field.
 */
function toKairos(o: LibOrder): SignableOrder {
  return {
    salt: o.salt,
    maker: o.maker,
    signer: o.signer,
    tokenId: o.tokenId,
    makerAmount: o.makerAmount,
    takerAmount: o.takerAmount,
    side: o.side === Side.BUY ? 0 : 1,
    signatureType: o.signatureType,
    timestamp: o.timestamp,
    metadata: o.metadata,
    builder: o.builder,
  };
}

/** Kairos's general-purpose struct hash of an order under the Order type of venue-profile C. */
function structHash(order: SignableOrder): string {
  return toHex(hashStruct(SPEC_ORDER_TYPES, 'Order', order as unknown as Record<string, Value>));
}

function libBuilder(domain: OrderDomain, signer: LibSigner): LibOrderBuilder {
  return new lib.builder.ExchangeOrderBuilderV2(domain.verifyingContract, domain.chainId, signer, () => SALT);
}

function libOrder(builder: LibOrderBuilder, c: (typeof cases)[number], signatureType: SignatureTypeV2): Promise<LibOrder> {
  return builder.buildOrder({
    maker: ADDRESS,
    signer: ADDRESS,
    tokenId: TOKEN_ID,
    makerAmount: c.makerAmount,
    takerAmount: c.takerAmount,
    side: c.side,
    signatureType,
    timestamp: TIMESTAMP,
    metadata: ZERO_BYTES32,
    builder: ZERO_BYTES32,
    expiration: '0',
  });
}

describe('order-domain preset family-production-137', () => {
  it('is the library’s V2 order domain and exchanges for chain 137', () => {
    const config = getContractConfig(137);
    expect(preset.domain).toEqual({
      name: lib.typedData.CTF_EXCHANGE_V2_DOMAIN_NAME,
      version: lib.typedData.CTF_EXCHANGE_V2_DOMAIN_VERSION,
      chainId: 137,
      exchange: config.exchangeV2,
      negRiskExchange: config.negRiskExchangeV2,
    });
    // Parsing keeps it as it is: the library's addresses are checksummed.
    expect(setting).toEqual(preset.domain);
  });

  it('uses the Order type Kairos signs', () => {
    expect(lib.typedData.CTF_EXCHANGE_V2_ORDER_STRUCT).toEqual((SPEC_ORDER_TYPES.Order ?? []).map(([name, type]) => ({ name, type })));
  });
});

describe.each(signers)('parity with @polymarket/clob-client-v2 signing through %s', (_, makeSigner) => {
  it.each(cases)('$market market, $side: same struct hash, order hash and signature', async (c) => {
    const domain = orderDomainFor(setting, c.negRisk);
    expect(domain.verifyingContract).toBe(c.negRisk ? setting.negRiskExchange : setting.exchange);
    const builder = libBuilder(domain, makeSigner());
    const order = await libOrder(builder, c, SignatureTypeV2.EOA);
    const mine = toKairos(order);
    expect(mine).toMatchObject({ salt: SALT, timestamp: TIMESTAMP, signatureType: 0, side: c.side === Side.BUY ? 0 : 1 });

    const typed = builder.buildOrderTypedData(order);
    const libStruct = viemHashStruct({ data: typed.message, primaryType: 'Order', types: typed.types });
    expect(structHash(mine)).toBe(libStruct);
    expect(toHex(domainSeparator({ ...typed.domain }))).toBe(hashDomain({ domain: typed.domain, types: typed.types }));

    const libHash = builder.buildOrderHash(typed);
    expect(orderHash(mine, domain)).toBe(libHash);

    // buildOrderSignature deletes EIP712Domain from the typed data it is given: a fresh copy.
    const libSignature = await builder.buildOrderSignature(builder.buildOrderTypedData(order));
    const signature = signOrder(mine, domain, KEY);
    expect(signature).toBe(libSignature);
    expect(recoverOrderSigner(mine, domain, libSignature)).toBe(ADDRESS);
  });

  // For contract-wallet orders the library hashes the struct and the domain by hand (ABI-encoded,
  // not through viem's typed-data code) and appends both to the signature: a second, independent
  // computation of them to hold Kairos's own Order type against.
  it.each(cases)('$market market, $side: the library’s hand-encoded struct hash and domain separator', async (c) => {
    const domain = orderDomainFor(setting, c.negRisk);
    const builder = libBuilder(domain, makeSigner());
    const order = await libOrder(builder, c, SignatureTypeV2.POLY_1271);
    const signature = await builder.buildOrderSignature(builder.buildOrderTypedData(order));
    // inner signature (65 bytes) ‖ domain separator ‖ struct hash ‖ type string ‖ 2-byte length
    const body = signature.slice(2);
    const libSeparator = `0x${body.slice(130, 194)}`;
    const libStruct = `0x${body.slice(194, 258)}`;
    expect(toHex(domainSeparator({ name: domain.name, version: setting.version, chainId: domain.chainId, verifyingContract: domain.verifyingContract }))).toBe(libSeparator);
    const mine = toKairos(order);
    expect(mine.signatureType).toBe(3);
    expect(structHash(mine)).toBe(libStruct);
    // Kairos's digest is built on the same struct hash, so its private Order type agrees too.
    const digest = keccak256(fromHex(`0x1901${libSeparator.slice(2)}${libStruct.slice(2)}`));
    expect(toHex(orderDigest(mine, domain))).toBe(toHex(digest));
  });
});
