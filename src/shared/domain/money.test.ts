import { describe, expect, it } from 'vitest';
import { formatMicros, parseMicros } from './money.js';

describe('micro money', () => {
  it('formats exactly', () => {
    expect(formatMicros(58_400_000n)).toBe('58.4');
    expect(formatMicros(-1n)).toBe('-0.000001');
    expect(formatMicros(12_000_000)).toBe('12');
    expect(formatMicros(0)).toBe('0');
  });
  it('parses plain decimals and refuses the rest', () => {
    expect(parseMicros('0.42')).toBe(420_000n);
    expect(parseMicros('10.500000')).toBe(10_500_000n);
    expect(parseMicros('1')).toBe(1_000_000n);
    for (const bad of ['0.1234567', '-1', '1e3', '', '.5', 'abc']) expect(parseMicros(bad)).toBeNull();
    // Never through a float: 0.1 + 0.2 stays exact.
    expect((parseMicros('0.1') as bigint) + (parseMicros('0.2') as bigint)).toBe(parseMicros('0.3'));
  });
});
