// A price as every screen shows it: the token's freshest price (api/prices.ts) in cents with its
// age beside it, and in its tooltip which reading it is (shared/domain/price.ts). Where the core
// knows no price yet, the catalog's listed price is shown, said to be that, never passed off as
// the same kind of figure.
import { useSyncExternalStore } from 'react';
import { BASIS_WORDS } from '@shared/domain/price';
import type { TokenPrice } from '@shared/ipc/contract';
import { useTokenPrice } from '../api/prices';
import { cents, priceAge } from './format';
import './price.css';

/** Not streaming and older than this: dimmed, as stale data is. */
const DIM_AFTER_MS = 60_000;

// One clock for every price on screen, ticking once a second while any is shown.
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
const ticking = new Set<() => void>();
function subscribe(l: () => void): () => void {
  ticking.add(l);
  timer ??= setInterval(() => {
    now = Date.now();
    for (const t of ticking) t();
  }, 1000);
  return () => {
    ticking.delete(l);
    if (ticking.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

export interface PriceCellProps {
  price: TokenPrice | undefined;
  /** The catalog's listed price, shown (and said to be that) while no price is known. */
  listed?: string | undefined;
  /** The cell's element: a grid row's span or a table's td. */
  as?: 'span' | 'td' | 'div';
  /** Narrow cells: "12s" rather than "12 s ago". */
  short?: boolean;
  /** Says which reading it is ("mid", "last") before the age, where there is room. */
  basis?: boolean;
  className?: string;
}

const BASIS_SHORT = { mid: 'mid', last: 'last trade' } as const;
/** The clock as a streamed price's cell reads it: never moving. */
const LIVE_NOW = 0;

export function PriceCell({ price, listed, as: Tag = 'span', short = false, basis = false, className = '' }: PriceCellProps): React.JSX.Element {
  // A streamed price reads "live" whatever the time: the clock's ticks do not re-render it.
  const at = useSyncExternalStore(subscribe, () => (price?.live ? LIVE_NOW : now));
  if (!price) {
    const known = listed !== undefined && listed !== '';
    return (
      <Tag className={`num price-cell ${className}`} data-field="price" data-basis={known ? 'catalog' : undefined} title={known ? `${BASIS_WORDS.catalog}: no price from the trading surface yet` : undefined}>
        <span className="pv">{known ? cents(listed) : '—'}</span>
        {known ? <span className="age old">{short ? 'listed' : 'catalog'}</span> : null}
      </Tag>
    );
  }
  const age = priceAge(price.at, at, price.live, short);
  const old = !price.live && at - price.at > DIM_AFTER_MS;
  const chance = Math.round(Number(price.price) * 1000) / 10;
  return (
    <Tag
      className={`num price-cell${old ? ' dim' : ''} ${className}`}
      data-field="price"
      data-price={price.price}
      data-basis={price.basis}
      title={`${BASIS_WORDS[price.basis]} (${chance}% chance), ${priceAge(price.at, at, price.live)}`}
    >
      <span className="pv">{cents(price.price)}</span>
      {basis ? <span className="basis">{BASIS_SHORT[price.basis]}</span> : null}
      <span className={`age${price.live ? ' live' : ''}`} data-age>{age}</span>
    </Tag>
  );
}

/**
 * A row's price cell that follows its token by itself: a newer price re-renders this cell, not
 * the list it sits in (the list asks for its rows' prices with `useReadPrices`).
 */
export function TokenPriceCell({ tokenId, ...props }: Omit<PriceCellProps, 'price'> & { tokenId: string | undefined }): React.JSX.Element {
  return <PriceCell price={useTokenPrice(tokenId)} {...props} />;
}

/**
 * A market whose trading ended without a settled price: its last price, greyed and said to be
 * that, so no screen passes it off as a price one could trade at now.
 */
export function EndedPrice({ price, as: Tag = 'span' }: { price: string | undefined; as?: 'span' | 'td' }): React.JSX.Element {
  return (
    <Tag className="num muted" data-field="price" data-basis="ended" title="The last price before trading ended">
      {cents(price)}
    </Tag>
  );
}
