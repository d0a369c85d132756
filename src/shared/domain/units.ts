// The units every amount is counted in, once. Cash and shares are integer micro-units: 1e-6 of a
// dollar, or of a share (a share pays one dollar if right, so the two counts agree). A price is
// dollars per share, so it is micro-units too; a cent is 10_000 of them. Decimal text, cents text
// and dollars text are money.ts's; the tick and size rules are grid.ts's.

/** Micro-units in one dollar of cash; also a price of 1 (certain). */
export const MICROS_PER_DOLLAR = 1_000_000n;
/** Micro-units in one share (token). */
export const MICROS_PER_SHARE = MICROS_PER_DOLLAR;
/** Micro-units in one cent. */
export const MICROS_PER_CENT = 10_000n;
export const CENTS_PER_DOLLAR = 100n;
/** Decimal places of a micro-unit amount. */
export const MICRO_DECIMALS = 6;
/** `MICROS_PER_DOLLAR` as a number, for the venue's integer columns (exact far below 2^53). */
export const MICRO = Number(MICROS_PER_DOLLAR);
/** Basis points in one (fee rates). */
export const BPS_PER_ONE = 10_000n;

/** Whole cents → micro-units: 45n → 450_000n. */
export function microsOfCents(cents: bigint): bigint {
  return cents * MICROS_PER_CENT;
}

/**
 * The cash `shares` cost at `price` (all micro-units), toward zero: exact for sizes in hundredths
 * of a share and prices of up to 4 decimals, as orders carry them.
 */
export function cashFor(shares: bigint, price: bigint): bigint {
  return (shares * price) / MICROS_PER_SHARE;
}

/** The price at which `cash` buys `shares` (micro-units), when it is a whole number of micro-units. */
export function exactPrice(cash: bigint, shares: bigint): bigint | undefined {
  if (shares <= 0n) return undefined;
  const scaled = cash * MICROS_PER_SHARE;
  return scaled % shares === 0n ? scaled / shares : undefined;
}
