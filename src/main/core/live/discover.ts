// Where a venue's live market channel is: GET /version's `streams.market` (venue-profile I).
// /version is itself optional: a venue known to lack it (or the channel) is not asked, and one
// that answers without `streams` is polled.
import { notOfferedMessage } from '../capabilities.js';
import { AppError } from '../router.js';
import type { Session } from '../session.js';

/** The address is read again this often at most while connections succeed. */
const KEEP_MS = 3_600_000;

export async function streamUrl(s: Session, again: boolean): Promise<string> {
  const caps = s.capabilities;
  if (!caps.mayHave('live') || !caps.mayHave('version')) throw new AppError('NOT_OFFERED', notOfferedMessage('live'));
  const lacking = (): never => {
    caps.note('live', false);
    throw new AppError('NOT_OFFERED', notOfferedMessage('live'));
  };
  let answer: unknown;
  try {
    // After a failed connection the address is asked anew: the channel may have moved.
    answer = (await s.cached('trading', '/version', {}, again ? 0 : KEEP_MS, () => caps.use('version', () => s.clients.trading.version()))).data;
  } catch (err) {
    if ((err as { code?: string }).code === 'NOT_OFFERED') lacking();
    throw err;
  }
  const market = (answer as { streams?: { market?: unknown } } | undefined)?.streams?.market;
  if (typeof market !== 'string' || market === '') return lacking();
  let url: URL;
  try {
    // A relative address is the trading surface's, over ws(s).
    url = new URL(market, s.profile.tradingUrl.replace(/^http/, 'ws'));
  } catch {
    return lacking();
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') return lacking();
  caps.note('live', true);
  return url.href;
}
