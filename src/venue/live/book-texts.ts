// The texts the live channel sends for a token: its book (the shape of GET /book) and the
// sequence each book or change carries, so that a client can tell a gap.
import { formatMicros } from '@shared/domain/money.js';
import type { Books } from '../exchange/books.js';
import type { Tokens } from '../exchange/tokens.js';

/** How long a book's snapshot text serves further subscribers while its sequence holds. */
const SNAPSHOT_REUSE_MS = 1_000;

/** A message as the bytes every client that follows its token is sent. */
export function encode(message: Record<string, unknown>): Buffer {
  return Buffer.from(JSON.stringify(message));
}

export class BookTexts {
  /** Per token, the sequence of its last book or change; kept while the venue runs. */
  private readonly seqs = new Map<string, number>();
  /** The last snapshot of each followed token (see `snapshot`). */
  private readonly snapshots = new Map<string, { seq: number; at: number; text: Buffer }>();

  constructor(
    private readonly tokens: Tokens,
    private readonly books: Books,
    private readonly now: () => number,
  ) {}

  /**
   * A token's book with the sequence its next change follows. Many clients subscribing at once
   * to the same tokens share one text per token and sequence, for up to a second (its timestamp
   * is when it was taken).
   */
  snapshot(tokenId: string): Buffer {
    const seq = this.seqs.get(tokenId) ?? 0;
    const now = this.now();
    const kept = this.snapshots.get(tokenId);
    if (kept && kept.seq === seq && now - kept.at < SNAPSHOT_REUSE_MS) return kept.text;
    const text = this.take(tokenId, seq, now);
    this.snapshots.set(tokenId, { seq, at: now, text });
    return text;
  }

  /** Nobody follows the token any more: its kept snapshot goes (its sequence stays). */
  forget(tokenId: string): void {
    this.snapshots.delete(tokenId);
  }

  nextSeq(tokenId: string): number {
    const seq = (this.seqs.get(tokenId) ?? 0) + 1;
    this.seqs.set(tokenId, seq);
    return seq;
  }

  private take(tokenId: string, seq: number, now: number): Buffer {
    const token = this.tokens.get(tokenId);
    const book = this.books.book(tokenId);
    const level = (l: { price: number; size: number }) => ({ price: formatMicros(l.price), size: formatMicros(l.size) });
    return encode({
      type: 'book',
      market: token?.conditionId ?? '',
      asset_id: tokenId,
      timestamp: String(now),
      // Best last and the grid as strings, as GET /book and the service family list them.
      bids: book.depth('BUY').map(level).reverse(),
      asks: book.depth('SELL').map(level).reverse(),
      tick_size: formatMicros(token?.tick ?? 0),
      min_order_size: formatMicros(token?.minSize ?? 0),
      seq,
    });
  }
}
