// The two token id forms of venue-profile D. Catalog and trading surfaces use decimal uint256
// strings; the data surface uses `<condition_id>:<outcome_index>`. Outcome index i of a market
// pairs with clobTokenIds[i], which is how the two forms are joined.

const UINT256_MAX = (1n << 256n) - 1n;

/** A canonical decimal uint256: digits only, no sign, no leading zeros, at most 2^256 - 1. */
export function isUint256Decimal(value: string): boolean {
  return /^(0|[1-9]\d{0,77})$/.test(value) && BigInt(value) <= UINT256_MAX;
}

export interface DataTokenId {
  conditionId: string;
  outcomeIndex: number;
}

/** Builds the data-surface form `<condition_id>:<outcome_index>`. */
export function formatDataTokenId(conditionId: string, outcomeIndex: number): string {
  return `${conditionId}:${outcomeIndex}`;
}

/** Reads the data-surface form; null for anything else (including a uint256 token id). */
export function parseDataTokenId(value: string): DataTokenId | null {
  const m = /^([^:]+):(0|[1-9]\d*)$/.exec(value);
  if (!m?.[1] || !m[2]) return null;
  const outcomeIndex = Number(m[2]);
  return Number.isSafeInteger(outcomeIndex) ? { conditionId: m[1], outcomeIndex } : null;
}

export type TokenIdKind = 'data' | 'uint256' | 'other';

/** Which form a token id has; real data surfaces sometimes send uint256 ids as `asset`. */
export function tokenIdKind(value: string): TokenIdKind {
  if (isUint256Decimal(value)) return 'uint256';
  return parseDataTokenId(value) ? 'data' : 'other';
}

export interface OutcomeToken {
  outcomeIndex: number;
  /** The catalog/trading form: clobTokenIds[outcomeIndex]. */
  clobTokenId: string;
  /** The data-surface form: `<conditionId>:<outcomeIndex>`. */
  dataTokenId: string;
}

/** Pairs outcome index i with clobTokenIds[i] for one market. */
export function pairOutcomeTokens(conditionId: string, clobTokenIds: readonly string[]): OutcomeToken[] {
  return clobTokenIds.map((clobTokenId, outcomeIndex) => ({
    outcomeIndex,
    clobTokenId,
    dataTokenId: formatDataTokenId(conditionId, outcomeIndex),
  }));
}

/** The clob token id a data-surface id stands for, given its market's clobTokenIds. */
export function clobTokenIdOf(dataTokenId: string, conditionId: string, clobTokenIds: readonly string[]): string | undefined {
  const parsed = parseDataTokenId(dataTokenId);
  if (!parsed || parsed.conditionId.toLowerCase() !== conditionId.toLowerCase()) return undefined;
  return clobTokenIds[parsed.outcomeIndex];
}

/** The data-surface id of a clob token id, given its market's condition id and clobTokenIds. */
export function dataTokenIdOf(clobTokenId: string, conditionId: string, clobTokenIds: readonly string[]): string | undefined {
  const outcomeIndex = clobTokenIds.indexOf(clobTokenId);
  return outcomeIndex < 0 ? undefined : formatDataTokenId(conditionId, outcomeIndex);
}
