import { describe, expect, it } from 'vitest';
import { conditionOf, draftOf, endText } from './alert-form';

describe('the alert form', () => {
  it('reads prices in cents and volumes in dollars, exactly', () => {
    expect(conditionOf({ target: { kind: 'price', outcome: 0 }, op: '>=', value: '60' })).toEqual({ ok: true, condition: { kind: 'price', outcome: 0, op: '>=', price: '0.6' } });
    expect(conditionOf({ target: { kind: 'price', outcome: 1 }, op: '<=', value: '20.5¢' })).toEqual({ ok: true, condition: { kind: 'price', outcome: 1, op: '<=', price: '0.205' } });
    expect(conditionOf({ target: { kind: 'spread' }, op: '<=', value: '2' })).toEqual({ ok: true, condition: { kind: 'spread', max: '0.02' } });
    expect(conditionOf({ target: { kind: 'volume24h' }, op: '>=', value: '$25,000.50' })).toEqual({ ok: true, condition: { kind: 'volume24h', min: '25000.5' } });
  });

  it('says what is wrong with a value it cannot read', () => {
    expect(conditionOf({ target: { kind: 'price', outcome: 0 }, op: '>=', value: '' })).toEqual({ ok: false, reason: 'enter a price in cents, such as 45' });
    expect(conditionOf({ target: { kind: 'price', outcome: 0 }, op: '>=', value: '120' })).toMatchObject({ ok: false, reason: expect.stringMatching(/below 100¢/) });
    expect(conditionOf({ target: { kind: 'volume24h' }, op: '>=', value: 'lots' })).toEqual({ ok: false, reason: '"lots" is not an amount: type dollars, such as 25000' });
    expect(conditionOf({ target: { kind: 'volume24h' }, op: '>=', value: '0' })).toMatchObject({ ok: false });
  });

  it('turns a stored condition back into the form, and shows changes and dates compactly', () => {
    expect(draftOf({ kind: 'price', outcome: 1, op: '<=', price: '0.205' })).toEqual({ target: { kind: 'price', outcome: 1 }, op: '<=', value: '20.5' });
    expect(draftOf({ kind: 'spread', max: '0.02' })).toMatchObject({ target: { kind: 'spread' }, value: '2' });
    const now = new Date(2026, 10, 24);
    expect(endText('2026-12-31T12:00:00Z', now)).toBe('Dec 31');
    expect(endText('2027-01-05T12:00:00Z', now)).toBe('Jan 5 ’27');
    expect(endText(undefined, now)).toBe('—');
  });
});
