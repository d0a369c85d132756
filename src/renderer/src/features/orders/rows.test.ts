// Open-order rows: one shape whether the venue lists the order or the journal remembers it.
import { describe as suite, expect, it } from 'vitest';
import { cents } from '../../ui/format';
import { age, answerOf, describe, filledOf, fromJournal, fromVenue, RESTING, shortId, STATE_LABEL, type JournalEntry, type OpenOrderRow } from './rows';

const venueOrder: OpenOrderRow = {
  id: '0xorder000000000000000001',
  status: 'LIVE',
  maker_address: '0xmaker',
  market: '0xcondition',
  asset_id: 'token-yes',
  side: 'SELL',
  original_size: '10',
  size_matched: '2.5',
  price: '0.3',
  outcome: 'Yes',
  order_type: 'GTC',
  created_at: 1_790_000_000,
  question: 'Will it rain?',
};

const journalEntry: JournalEntry = {
  orderId: '0xorder2',
  accountId: 'acct',
  tokenId: 'token-no',
  side: 'BUY',
  price: '0.07',
  size: '5',
  type: 'GTD',
  state: 'partly_filled',
  sizeMatched: '1',
  sentAt: 1_790_000_000_123,
  updatedAt: 1_790_000_001_000,
};

suite('order rows', () => {
  it('reads a venue order: its sizes, its side, and its time in milliseconds', () => {
    expect(fromVenue(venueOrder)).toEqual({
      id: venueOrder.id, conditionId: '0xcondition', question: 'Will it rain?', outcome: 'Yes', tokenId: 'token-yes',
      side: 'SELL', price: '0.3', size: '10', filled: '2.5', type: 'GTC', createdAt: 1_790_000_000_000,
    });
    // Anything but SELL is a buy.
    expect(fromVenue({ ...venueOrder, side: 'BUY' }).side).toBe('BUY');
  });

  it('reads a journal entry the same way, with what the journal does not know left out', () => {
    expect(fromJournal(journalEntry)).toEqual({
      id: '0xorder2', conditionId: undefined, question: undefined, outcome: undefined, tokenId: 'token-no',
      side: 'BUY', price: '0.07', size: '5', filled: '1', type: 'GTD', createdAt: 1_790_000_000_123,
    });
  });

  it('counts open and partly filled orders as resting, and labels every state', () => {
    expect([...RESTING].sort()).toEqual(['open', 'partly_filled']);
    expect(STATE_LABEL.closed).toBe('closed by the venue');
    expect(STATE_LABEL.partly_filled).toBe('partly filled');
  });

  it('says how long ago in the largest whole unit, never negative', () => {
    const now = 1_000_000_000;
    expect(age(now, now)).toBe('0s');
    expect(age(now + 5000, now)).toBe('0s');
    expect(age(now - 59_999, now)).toBe('59s');
    expect(age(now - 60_000, now)).toBe('1m');
    expect(age(now - 3_599_000, now)).toBe('59m');
    expect(age(now - 3_600_000, now)).toBe('1h');
    expect(age(now - 86_400_000 * 3, now)).toBe('3d');
  });

  it('shortens long ids and describes an order with or without its market', () => {
    expect(shortId('short-id')).toBe('short-id');
    expect(shortId('0x1234567890abcdef')).toBe('0x123456…cdef');
    expect(describe(fromVenue(venueOrder), cents)).toBe('Sell 10 Yes at 30¢ · Will it rain?');
    expect(describe(fromJournal(journalEntry), cents)).toBe('Buy 5 at 7¢ · order 0xorder2');
  });
});

suite('the history’s filled size and the venue’s answer', () => {
  it('shows what filled of the size', () => {
    expect(filledOf({ size: '10', sizeMatched: '10' })).toBe('10 / 10');
    expect(filledOf({ size: '12', sizeMatched: '4.5' })).toBe('4.5 / 12');
    expect(filledOf({ size: '1000', sizeMatched: '0' })).toBe('0 / 1,000');
  });

  it('says the status the venue answered with', () => {
    expect(answerOf({ state: 'filled', status: 'matched' })).toEqual({ text: 'matched', tone: 'yes' });
    // Filled later by another trader: the answer when sent was "live".
    expect(answerOf({ state: 'filled', status: 'live' })).toEqual({ text: 'live', tone: 'yes' });
    expect(answerOf({ state: 'cancelled', status: 'unmatched' })).toEqual({ text: 'unmatched: nothing to fill against', tone: 'warn' });
  });

  it('says why the venue refused, in words, with the venue’s own beside them', () => {
    expect(answerOf({ state: 'rejected', code: 'INSUFFICIENT_BALANCE', message: 'selling 5 needs that many tokens; 0 are free' })).toEqual({
      text: 'refused: not enough balance', tone: 'no', detail: 'selling 5 needs that many tokens; 0 are free',
    });
    expect(answerOf({ state: 'rejected', code: 'POST_ONLY_WOULD_CROSS', message: 'a post-only order would cross' })).toEqual({ text: 'refused: a post-only order would cross', tone: 'no' });
    expect(answerOf({ state: 'rejected' })).toEqual({ text: 'refused: no reason given', tone: 'no' });
  });

  it('says when no answer came, and what older rows without a status can say', () => {
    expect(answerOf({ state: 'unknown', code: 'ANSWER_LOST' })).toEqual({ text: 'no answer: lost on the way', tone: 'warn' });
    expect(answerOf({ state: 'unknown', code: 'NOT_FOUND', message: 'not found on the venue after 10 minutes; check its trades' })).toMatchObject({ text: 'no answer; not found on the venue', detail: 'not found on the venue after 10 minutes; check its trades' });
    expect(answerOf({ state: 'open', message: 'the answer was lost; the order was found on the book' })).toEqual({ text: 'the answer was lost; the order was found on the book', tone: 'muted' });
    expect(answerOf({ state: 'open' })).toEqual({ text: 'accepted', tone: 'muted' });
    expect(answerOf({ state: 'sending' })).toEqual({ text: 'waiting for the answer…', tone: 'muted' });
  });
});
