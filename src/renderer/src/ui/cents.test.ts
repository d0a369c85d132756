import { describe, expect, it } from 'vitest';
import { centsField, parsePriceInput } from './cents';

describe('prices typed in cents', () => {
  it('reads cents, with fractions to the tick', () => {
    expect(parsePriceInput('45')).toEqual({ ok: true, price: '0.45', asDollars: false });
    expect(parsePriceInput('45.5')).toEqual({ ok: true, price: '0.455', asDollars: false });
    expect(parsePriceInput('5')).toEqual({ ok: true, price: '0.05', asDollars: false });
    expect(parsePriceInput('1')).toEqual({ ok: true, price: '0.01', asDollars: false });
    expect(parsePriceInput('1.5')).toEqual({ ok: true, price: '0.015', asDollars: false });
    expect(parsePriceInput(' 7¢ ')).toEqual({ ok: true, price: '0.07', asDollars: false });
    expect(parsePriceInput('50.0')).toEqual({ ok: true, price: '0.5', asDollars: false });
    expect(parsePriceInput('0.1¢')).toMatchObject({ ok: true, price: '0.001', asDollars: false });
  });

  it('reads "0.5" as half a cent, never as 50¢, and says how 50¢ is typed', () => {
    expect(parsePriceInput('0.5')).toEqual({ ok: true, price: '0.005', asDollars: false, note: 'read as 0.5¢, under a cent — for 50¢ type 50' });
    expect(parsePriceInput('0.9')).toMatchObject({ ok: true, price: '0.009' });
    expect(parsePriceInput('.5')).toMatchObject({ ok: true, price: '0.005' });
    expect(parsePriceInput('0.45')).toMatchObject({ ok: true, price: '0.0045', note: 'read as 0.45¢, under a cent — for 45¢ type 45' });
    expect(parsePriceInput('0.05')).toMatchObject({ ok: true, price: '0.0005' });
  });

  it('reads dollars only when written with "$"', () => {
    expect(parsePriceInput('$0.5')).toEqual({ ok: true, price: '0.5', asDollars: true });
    expect(parsePriceInput('$0.45')).toEqual({ ok: true, price: '0.45', asDollars: true });
    expect(parsePriceInput('$.455')).toEqual({ ok: true, price: '0.455', asDollars: true });
    expect(parsePriceInput('$ 0.30')).toEqual({ ok: true, price: '0.3', asDollars: true });
  });

  it('names what is wrong', () => {
    expect(parsePriceInput('')).toMatchObject({ ok: false, reason: 'enter a price in cents, such as 45' });
    expect(parsePriceInput('100')).toMatchObject({ ok: false, reason: '100¢ is $1 or more: prices are below 100¢' });
    expect(parsePriceInput('0')).toMatchObject({ ok: false, reason: 'a price must be above 0¢' });
    expect(parsePriceInput('$0')).toMatchObject({ ok: false, reason: 'a price must be above 0¢' });
    expect(parsePriceInput('$1')).toMatchObject({ ok: false, reason: '$1 is not below $1: prices are below $1 (100¢)' });
    expect(parsePriceInput('$')).toMatchObject({ ok: false });
    expect(parsePriceInput('0.12345')).toMatchObject({ ok: false, reason: '0.12345 has more than 4 decimals of a cent' });
    expect(parsePriceInput('abc')).toMatchObject({ ok: false, reason: '"abc" is not a price: type cents, such as 45 or 45.5' });
  });

  it('shows a dollar price as cents', () => {
    expect(centsField('0.45')).toBe('45');
    expect(centsField('0.455')).toBe('45.5');
    expect(centsField('0.05')).toBe('5');
    expect(centsField('0.5')).toBe('50');
    expect(centsField('0.005')).toBe('0.5');
    expect(centsField('')).toBe('');
  });
});
