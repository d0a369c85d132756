import { describe, expect, it } from 'vitest';
import { centsText, parsePriceInput } from './cents';

describe('prices typed in cents', () => {
  it('reads cents, with fractions to the tick', () => {
    expect(parsePriceInput('45')).toEqual({ ok: true, price: '0.45', asDollars: false });
    expect(parsePriceInput('45.5')).toEqual({ ok: true, price: '0.455', asDollars: false });
    expect(parsePriceInput('5')).toEqual({ ok: true, price: '0.05', asDollars: false });
    expect(parsePriceInput(' 7¢ ')).toEqual({ ok: true, price: '0.07', asDollars: false });
    expect(parsePriceInput('50.0')).toEqual({ ok: true, price: '0.5', asDollars: false });
    expect(parsePriceInput('0.1¢')).toEqual({ ok: true, price: '0.001', asDollars: false });
  });

  it('reads a value written as dollars as dollars', () => {
    expect(parsePriceInput('0.45')).toEqual({ ok: true, price: '0.45', asDollars: true });
    expect(parsePriceInput('.455')).toEqual({ ok: true, price: '0.455', asDollars: true });
    expect(parsePriceInput('$0.30')).toEqual({ ok: true, price: '0.3', asDollars: true });
  });

  it('names what is wrong', () => {
    expect(parsePriceInput('')).toMatchObject({ ok: false, reason: 'enter a price in cents, such as 45' });
    expect(parsePriceInput('100')).toMatchObject({ ok: false, reason: '100¢ is $1 or more: prices are below 100¢' });
    expect(parsePriceInput('0')).toMatchObject({ ok: false, reason: 'a price must be above 0¢' });
    expect(parsePriceInput('$1')).toMatchObject({ ok: false });
    expect(parsePriceInput('abc')).toMatchObject({ ok: false, reason: '"abc" is not a price: type cents, such as 45 or 45.5' });
  });

  it('shows a dollar price as cents', () => {
    expect(centsText('0.45')).toBe('45');
    expect(centsText('0.455')).toBe('45.5');
    expect(centsText('0.05')).toBe('5');
    expect(centsText('0.5')).toBe('50');
    expect(centsText('')).toBe('');
  });
});
