// A record read by a key must be the record of that key. A venue that ignores a lookup (an
// unknown parameter, a proxy, a bug) answers with some other record, and showing or trading on
// that one as if it were the one asked for is worse than saying it was not found.
import { AppError } from '../router.js';

export interface SameRecordOptions {
  /** Compare without case: hex ids such as condition ids. */
  ignoreCase?: boolean;
}

/**
 * `record` when its key `got` is the `asked` one, else NOT_FOUND naming what was asked. A record
 * that does not carry the key (an optional field left out) contradicts nothing and passes.
 */
export function sameRecord<T>(record: T, what: string, asked: string, got: unknown, opts: SameRecordOptions = {}): T {
  if (got === undefined || got === null) return record;
  const norm = (s: string): string => (opts.ignoreCase ? s.toLowerCase() : s);
  if (norm(String(got)) !== norm(asked)) {
    throw new AppError('NOT_FOUND', `${what} ${asked} was not found: the venue answered with ${what} ${String(got)} instead`);
  }
  return record;
}
