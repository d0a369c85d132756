// The prices of a list's rows. The rows on screen are followed on the live channel (at most
// ROWS_FOLLOWED tokens, the first on screen kept; scrolled away, they are let go), and the
// prices of a block of rows around them are read: polled only while nothing streams, as every
// live change asks for them again (api/prices.ts).
// It renders nothing and holds no price: each row's cell reads its own token (TokenPriceCell),
// so an answer re-renders the cells whose figure it changed, not the list around them.
import { useLive } from '../api/live';
import { useReadPrices } from '../api/prices';

/** Tokens a list follows at most: a tall window's rows on screen, with the virtual list's overscan. */
export const ROWS_FOLLOWED = 100;

export function RowPrices({ shown, block }: { shown: readonly string[]; block?: readonly string[] }): null {
  useLive(shown, ROWS_FOLLOWED);
  useReadPrices(block ?? shown, true);
  return null;
}
