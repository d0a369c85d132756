// Ticket prices: typed in cents (dollars only with "$", said so), kept as the dollar price the core takes.
import { describe, expect, it } from 'vitest';
import { dollarsText } from '@shared/domain/money';
import { cashText, lossText, priceProblem, priceText, readTypedPrice } from './price';

describe('a typed ticket price', () => {
  it('reads cents as cents and keeps the dollar price', () => {
    expect(readTypedPrice('45')).toEqual({ price: '0.45' });
    expect(readTypedPrice('45.5')).toEqual({ price: '0.455' });
    expect(readTypedPrice('3')).toEqual({ price: '0.03' });
  });

  it('reads "0.5" as 0.5¢, never as dollars, and says so', () => {
    expect(readTypedPrice('0.5')).toEqual({ price: '0.005', hint: 'read as 0.5¢, under a cent — for 50¢ type 50' });
    expect(readTypedPrice('0.9')).toMatchObject({ price: '0.009' });
  });

  it('reads a dollar value only with "$", and says so', () => {
    expect(readTypedPrice('$0.3')).toEqual({ price: '0.3', hint: 'read as $0.30 = 30¢' });
    expect(readTypedPrice('$0.5')).toEqual({ price: '0.5', hint: 'read as $0.50 = 50¢' });
    expect(readTypedPrice('$0.455')).toEqual({ price: '0.455', hint: 'read as $0.455 = 45.5¢' });
  });

  it('keeps text that is no price as typed, with what is wrong', () => {
    expect(readTypedPrice('150')).toEqual({ price: '150', problem: '150¢ is $1 or more: prices are below 100¢' });
    expect(readTypedPrice(' abc ')).toEqual({ price: 'abc', problem: '" abc " is not a price: type cents, such as 45 or 45.5' });
    expect(readTypedPrice('')).toMatchObject({ price: '', problem: 'enter a price in cents, such as 45' });
    // Kept with its cents sign, so a draft loaded later never reads it as $0.12345.
    expect(readTypedPrice('0.12345')).toEqual({ price: '0.12345¢', problem: '0.12345 has more than 4 decimals of a cent' });
    expect(priceText('0.12345¢')).toBe('0.12345¢');
  });
});

describe('a kept ticket price', () => {
  it('shows in cents when it is a dollar price, as typed otherwise — drafts saved before cents load unchanged', () => {
    expect(priceText('0.42')).toBe('42');
    expect(priceText('0.455')).toBe('45.5');
    expect(priceText('.5')).toBe('50');
    expect(priceText('0.001')).toBe('0.1¢');
    expect(priceText('0.4x')).toBe('0.4x');
    expect(priceText('')).toBe('');
    // What is shown reads back as the same price.
    expect(priceText('0.005')).toBe('0.5¢');
    // What is shown reads back as the same price: a draft saved as "0.5" (typed "50" or "0.5" in
    // dollars before the cents rule) is still 50¢.
    for (const p of ['0.42', '0.455', '0.05', '0.001', '0.005', '0.5']) expect(readTypedPrice(priceText(p)).price).toBe(p);
  });

  it('says why it cannot be sent', () => {
    expect(priceProblem('0.45')).toBeUndefined();
    expect(priceProblem('')).toBe('enter a price in cents, such as 45');
    expect(priceProblem('0.4x')).toMatch(/is not a price/);
    expect(priceProblem('150')).toMatch(/\$1 or more/);
  });

  it('writes dollars with at least 2 decimals', () => {
    expect(dollarsText('0.3')).toBe('$0.30');
    expect(dollarsText('0.455')).toBe('$0.455');
  });
});

describe('cash on the ticket', () => {
  it('shows 2 decimals with separators, cash in with a plus', () => {
    expect(cashText('21.5')).toBe('$21.50');
    expect(cashText('-4.5')).toBe('+$4.50');
    expect(cashText(12_345_678_900n)).toBe('$12,345.68');
    expect(cashText(undefined)).toBe('—');
    expect(cashText('x')).toBe('—');
    expect(lossText(9_500_000n)).toBe('$9.50');
    expect(lossText(-500_000n)).toBe('none (gains $0.50)');
  });
});
