// A 24h change as every screen shows it. Where the core names the price a day ago (a change from
// the trades), the change is the price the row shows now minus that price, re-read whenever the
// row's price moves (api/prices.ts): a row's price and its change never tell two stories.
// Otherwise it is the core's figure as it came; its tooltip says why none is shown, or where one
// comes from.
import { changeText, centsText } from '@shared/domain/money';
import { BASIS_WORDS, changeSince } from '@shared/domain/price';
import { useTokenPrice } from '../api/prices';

export interface ChangeCellProps {
  /** The Yes token of a market still trading, whose shown price the change is measured to. */
  tokenId?: string | undefined;
  /** The core's change, exact decimal text. */
  change?: string | undefined;
  /** The Yes price 24 hours ago the core measured from. */
  from?: string | undefined;
  /** Why no change is shown, or where a shown one comes from. */
  hint?: string | undefined;
  as?: 'span' | 'td';
  /** Class names for a rise and a fall: each screen's own colours. */
  tones?: readonly [up: string, down: string];
}

export function ChangeCell({ tokenId, change, from, hint, as: Tag = 'span', tones = ['up', 'down'] }: ChangeCellProps): React.JSX.Element {
  const price = useTokenPrice(tokenId);
  const measured = price && from !== undefined ? changeSince(price.price, from) : undefined;
  const shown = measured ?? change;
  const tone = shown === undefined || !/[1-9]/.test(shown) ? 'muted' : shown.startsWith('-') ? tones[1] : tones[0];
  const title = measured !== undefined && price ? `The Yes price now (${centsText(price.price)}, ${BASIS_WORDS[price.basis]}) minus the price 24 hours ago (${centsText(from)}, from the trades)` : hint;
  return (
    <Tag className={`num ${tone}`} data-field="change" title={title}>
      {changeText(shown)}
    </Tag>
  );
}
