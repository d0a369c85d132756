import { describe, expect, it } from 'vitest';
import {
  clobTokenIdOf, dataTokenIdOf, formatDataTokenId, isUint256Decimal, pairOutcomeTokens, parseDataTokenId, tokenIdKind,
} from './token-ids.js';

const CONDITION = '0xdd22472e552920b8438158ea7238bfadfa4f736aa4cee91a6b86c39ead110917';
const YES = '21742633143463906290569050155826241533067272736897614950488156847949938836455';
const NO = '48331043336612883890938759509493159234755048973500640148014422747788308965732';
const MAX = (2n ** 256n - 1n).toString();

describe('token ids', () => {
  it('validates decimal uint256 strings', () => {
    expect(isUint256Decimal(YES)).toBe(true);
    expect(isUint256Decimal('0')).toBe(true);
    expect(isUint256Decimal(MAX)).toBe(true);
    expect(isUint256Decimal((2n ** 256n).toString())).toBe(false);
    expect(isUint256Decimal('007')).toBe(false);
    expect(isUint256Decimal('-1')).toBe(false);
    expect(isUint256Decimal('0x1f')).toBe(false);
    expect(isUint256Decimal('')).toBe(false);
  });

  it('builds and parses the data-surface form', () => {
    expect(formatDataTokenId(CONDITION, 1)).toBe(`${CONDITION}:1`);
    expect(parseDataTokenId(`${CONDITION}:1`)).toEqual({ conditionId: CONDITION, outcomeIndex: 1 });
    expect(parseDataTokenId(YES)).toBeNull();
    expect(parseDataTokenId(`${CONDITION}:`)).toBeNull();
    expect(parseDataTokenId(`${CONDITION}:01`)).toBeNull();
    expect(parseDataTokenId(':1')).toBeNull();
    expect(parseDataTokenId(`${CONDITION}:-1`)).toBeNull();
  });

  it('classifies both forms', () => {
    expect(tokenIdKind(YES)).toBe('uint256');
    expect(tokenIdKind(`${CONDITION}:0`)).toBe('data');
    expect(tokenIdKind('YES_TOKEN')).toBe('other');
  });

  it('pairs outcome index i with clobTokenIds[i] and joins both ways', () => {
    expect(pairOutcomeTokens(CONDITION, [YES, NO])).toEqual([
      { outcomeIndex: 0, clobTokenId: YES, dataTokenId: `${CONDITION}:0` },
      { outcomeIndex: 1, clobTokenId: NO, dataTokenId: `${CONDITION}:1` },
    ]);
    expect(clobTokenIdOf(`${CONDITION}:1`, CONDITION, [YES, NO])).toBe(NO);
    expect(clobTokenIdOf(`${CONDITION.toUpperCase().replace('0X', '0x')}:0`, CONDITION, [YES, NO])).toBe(YES);
    expect(clobTokenIdOf(`${CONDITION}:2`, CONDITION, [YES, NO])).toBeUndefined();
    expect(clobTokenIdOf(`0xabc:0`, CONDITION, [YES, NO])).toBeUndefined();
    expect(dataTokenIdOf(NO, CONDITION, [YES, NO])).toBe(`${CONDITION}:1`);
    expect(dataTokenIdOf('123', CONDITION, [YES, NO])).toBeUndefined();
  });
});
