// Exact money in micro units (1e-6 of cash or of a token), as bigint, with decimal text at the
// edges. One formatter for the venue, the cache and the order builder.

/** 58_400_000n → "58.4"; -1n → "-0.000001". */
export function formatMicros(micros: bigint | number): string {
  const v = BigInt(micros);
  const neg = v < 0n;
  const abs = neg ? -v : v;
  const whole = abs / 1_000_000n;
  const frac = (abs % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** "0.42" → 420_000n exactly; null for anything that is not a plain decimal with ≤ 6 places. */
export function parseMicros(decimal: string): bigint | null {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!m) return null;
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (frac.length > 6) return null;
  return BigInt(m[1] as string) * 1_000_000n + BigInt(frac.padEnd(6, '0') || '0');
}

/** A market's tick as the venue's settings give it (a JSON number such as 0.01) → "0.01". */
export function tickText(mts: number): string {
  return formatMicros(BigInt(Math.round(mts * 1e6)));
}
