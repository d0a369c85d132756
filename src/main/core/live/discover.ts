// Where a venue's live market channel is: GET /version's `streams.market` (venue-profile I).
// /version is itself optional: a venue known to lack it (or the channel) is not asked, and one
// that answers without `streams` is polled.
import { notOfferedMessage, type Capabilities } from '../capabilities.js';
import { AppError } from '../router.js';

/** What finding the channel needs of a session (given, so this file does not import the session). */
export interface StreamSource {
  readonly capabilities: Capabilities;
  readonly tradingUrl: string;
  /** GET /version of the trading surface, from the session's cache while younger than `maxAgeMs`. */
  version(maxAgeMs: number): Promise<unknown>;
}

/** The address is read again this often at most while connections succeed. */
const KEEP_MS = 3_600_000;

export async function streamUrl(s: StreamSource, again: boolean): Promise<string> {
  const caps = s.capabilities;
  if (!caps.mayHave('live') || !caps.mayHave('version')) throw new AppError('NOT_OFFERED', notOfferedMessage('live'));
  const lacking = (): never => {
    caps.note('live', false);
    throw new AppError('NOT_OFFERED', notOfferedMessage('live'));
  };
  let answer: unknown;
  try {
    // After a failed connection the address is asked anew: the channel may have moved.
    answer = await s.version(again ? 0 : KEEP_MS);
  } catch (err) {
    if ((err as { code?: string }).code === 'NOT_OFFERED') lacking();
    throw err;
  }
  const market = (answer as { streams?: { market?: unknown } } | undefined)?.streams?.market;
  if (typeof market !== 'string' || market === '') return lacking();
  let url: URL;
  try {
    // A relative address is the trading surface's, over ws(s).
    url = new URL(market, s.tradingUrl.replace(/^http/, 'ws'));
  } catch {
    return lacking();
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') return lacking();
  caps.note('live', true);
  return url.href;
}
