// Field schemas the contract's files share: ids, paging, addresses, amounts as typed.
import { z } from 'zod';

export const id = z.string().min(1).max(200);
export const limit = (max: number, dflt: number) => z.number().int().min(1).max(max).default(dflt);
export const offset = z.number().int().min(0).max(1_000_000).default(0);
export const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected a 0x-prefixed 20-byte address');
/** A decimal amount as typed by a person: digits with an optional fraction. */
export const decimal = z.string().regex(/^\d+(\.\d+)?$/, 'expected a decimal number such as 0.42');
