// What the venue offers, lacks and has not shown yet, in words; and telling NOT_OFFERED apart.
import { describe, expect, it } from 'vitest';
import { capabilityWords, clockSourceWords, isNotOffered, routeState, unknownWords, wordList, type Capabilities } from './venue';

const caps: Capabilities = {
  profileId: 'remote-1',
  routes: [
    { id: 'time', surface: 'trading', route: 'GET /time', words: 'the server clock', state: 'lacking', learnedBy: 'read' },
    { id: 'book', surface: 'trading', route: 'GET /book', words: 'the order book', state: 'offered', learnedBy: 'read' },
    { id: 'pricesHistory', surface: 'trading', route: 'GET /prices-history', words: 'price history', state: 'offered', learnedBy: 'read' },
    { id: 'balance', surface: 'trading', route: 'GET /balance-allowance', words: 'cash balances', state: 'lacking', learnedBy: 'read' },
    { id: 'apiKeys', surface: 'trading', route: 'POST /auth/api-key', words: 'creating API keys', state: 'unknown', learnedBy: 'read' },
  ],
  offers: ['the order book', 'price history'],
  lacks: ['the server clock', 'cash balances'],
};

describe('venue capabilities in words', () => {
  it('groups the routes by state, keeping the core’s order', () => {
    expect(capabilityWords(caps)).toEqual({ offered: ['the order book', 'price history'], lacking: ['the server clock', 'cash balances'], unknown: ['creating API keys'] });
    expect(capabilityWords({ routes: [] })).toEqual({ offered: [], lacking: [], unknown: [] });
  });

  it('reads one route’s state, unknown before the answer or for a route not listed', () => {
    expect(routeState(caps, 'book')).toBe('offered');
    expect(routeState(caps, 'balance')).toBe('lacking');
    expect(routeState(caps, 'apiKeys')).toBe('unknown');
    expect(routeState(caps, 'cancel')).toBe('unknown');
    expect(routeState(undefined, 'book')).toBe('unknown');
  });

  it('says why what is unknown is unknown: a write is learned only by its first use', () => {
    const redeem = { id: 'redeem', surface: 'trading', route: 'POST /redeem', words: 'redeeming resolved positions', state: 'unknown', learnedBy: 'use' } as const;
    expect(unknownWords(caps)).toBe('creating API keys (learned when first needed, or by testing the connection)');
    expect(unknownWords({ routes: [redeem] })).toBe('redeeming resolved positions (learned when first used: a test never sends an order, a cancel or a redeem to find out)');
    expect(unknownWords({ routes: [...caps.routes, redeem] })).toMatch(/^creating API keys \(.*\); redeeming resolved positions \(learned when first used/);
    expect(unknownWords({ routes: caps.routes.filter((r) => r.state !== 'unknown') })).toBeUndefined();
  });

  it('joins words as a sentence does', () => {
    expect(wordList([])).toBe('nothing');
    expect(wordList(['the order book'])).toBe('the order book');
    expect(wordList(['the order book', 'price history'])).toBe('the order book and price history');
    expect(wordList(['a', 'b', 'c'])).toBe('a, b and c');
  });

  it('says where the clock came from', () => {
    expect(clockSourceWords('time')).toMatch(/server clock/);
    expect(clockSourceWords('date-header')).toMatch(/Date header/);
    expect(clockSourceWords(undefined)).toMatch(/unknown/);
  });

  it('tells NOT_OFFERED from every other error', () => {
    expect(isNotOffered({ code: 'NOT_OFFERED', message: 'The order book: not offered by this venue' })).toBe(true);
    expect(isNotOffered({ code: 'NOT_FOUND', message: 'x' })).toBe(false);
    expect(isNotOffered(null)).toBe(false);
    expect(isNotOffered(undefined)).toBe(false);
  });
});
