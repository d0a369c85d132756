import { describe, expect, it } from 'vitest';
import { countText, targetOf } from './target';

describe('what a notice opens', () => {
  it('opens its market by the catalog id, else its event, else the wallet', () => {
    expect(targetOf({ conditionId: '0xc1', marketRef: '12', eventSlug: 'ev', address: '0xab' })).toEqual({ kind: 'market', ref: '12', label: 'Open the market' });
    expect(targetOf({ eventSlug: 'ev', address: '0xab' })).toEqual({ kind: 'event', slug: 'ev', label: 'Open the event' });
    expect(targetOf({ address: '0xab' })).toEqual({ kind: 'trader', address: '0xab', label: 'Open the trader' });
    expect(targetOf({ kind: 'followed', conditionId: '0xc1', marketRef: '12', eventSlug: 'ev', address: '0xab' })).toEqual({ kind: 'trader', address: '0xab', label: 'Open the trader' });
  });

  it('says why it opens nothing: a market not in the catalog yet, or nothing named', () => {
    expect(targetOf({ conditionId: '0xc1' })).toMatchObject({ kind: 'none', why: expect.stringMatching(/not in the local catalog/) });
    expect(targetOf({})).toMatchObject({ kind: 'none', why: expect.stringMatching(/no market, event or wallet/) });
  });

  it('counts up to 99 on the bell', () => {
    expect([0, 7, 99, 100, 2500].map(countText)).toEqual(['0', '7', '99', '99+', '99+']);
  });
});
