// The difference of two prices in cents, exactly, through micro units: 1 − 0.92 is "8¢", never
// the float 0.07999999999999996. Prices and changes themselves are the money vocabulary's
// centsText and changeText.
import { centsText, toMicros } from '@shared/domain/money';

/** `a − b` in cents, exactly ("8¢" for 1 − 0.92; "—" when either is no number). */
export function diffText(a: string, b: string): string {
  const x = toMicros(a);
  const y = toMicros(b);
  if (x === undefined || y === undefined) return '—';
  return x < y ? `−${centsText(y - x)}` : centsText(x - y);
}
