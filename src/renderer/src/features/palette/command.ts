// The palette's trading commands, read from what was typed: "buy 10 yes 45", "sell all no",
// "cancel all", "ladder yes 40-45 x5 size 10", "follow 0x…", "alert yes >= 60". Reading only
// splits the words and checks their form; the market's outcomes, tick and minimum are applied
// in resolve.ts. Nothing is guessed: a word that is not what its place needs is an error naming it.
import { parseMicros } from '@shared/domain/money';
import { onSizeStep } from '@shared/domain/grid';
import { address } from '@shared/ipc/fields';
import { parsePriceInput } from '../../ui/cents';

export type Side = 'BUY' | 'SELL';

/** A price as typed (cents, or dollars with "$") and as the dollar decimal it reads as. */
export interface TypedPrice {
  typed: string;
  price: string;
}

export type Command =
  | { kind: 'order'; side: Side; size: string | 'all'; outcome: string; price?: TypedPrice; market?: string }
  | { kind: 'ladder'; side: Side; outcome: string; from: TypedPrice; to: TypedPrice; rungs: number; size: string; market?: string }
  | { kind: 'cancel'; market?: string }
  | { kind: 'follow'; address: string }
  | { kind: 'alert'; outcome: string; op: '>=' | '<='; price: TypedPrice; market?: string };

export type Verb = 'buy' | 'sell' | 'ladder' | 'cancel' | 'follow' | 'alert';

/** A command, or what is wrong with one (the verb was typed); undefined when the text is no command. */
export type Parsed = { ok: true; command: Command } | { ok: false; verb: Verb; problem: string };

export const USAGE: Record<Verb, string> = {
  buy: 'buy <shares> <outcome> <price ¢> [market]',
  sell: 'sell <shares|all> <outcome> <price ¢> [market]',
  ladder: 'ladder [buy|sell] <outcome> <from>-<to> x<rungs> size <shares per rung> [market]',
  cancel: 'cancel all [market]',
  follow: 'follow 0x<40 hex digits>',
  alert: 'alert <outcome> >= <price ¢> [market]',
};

const VERBS = new Set<string>(Object.keys(USAGE));
const NUMBERISH = /^\$?\d+(\.\d+)?(¢|c)?$|^\$?\.\d+$/i;
const RANGE = /^([^-–]+)[-–]([^-–]+)$/;

/** Words as typed; a phrase in double quotes is one word (an outcome such as "Over 2.5"). */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/"([^"]*)"?|(\S+)/g)) out.push((m[1] ?? m[2] ?? '').trim());
  return out.filter((w) => w !== '');
}

const fail = (verb: Verb, problem: string): Parsed => ({ ok: false, verb, problem });
const withMarket = (rest: string[]): { market?: string } => (rest.length ? { market: rest.join(' ') } : {});

function price(text: string): TypedPrice | string {
  const r = parsePriceInput(text);
  return r.ok ? { typed: text, price: r.price } : r.reason;
}

/** Shares as typed: a positive decimal with at most two places (orders take hundredths). */
function shares(text: string): string | { problem: string } {
  const m = parseMicros(text);
  if (m === null) return { problem: `“${text}” is not a number of shares, such as 10` };
  if (!onSizeStep(m)) return { problem: `${text} shares has more than 2 decimals: orders take hundredths of a share` };
  if (m <= 0n) return { problem: 'the number of shares must be above 0' };
  return text;
}

/** The outcome's words: those up to the first number (the price), or one quoted phrase. */
function outcomeWords(rest: string[]): { outcome: string; after: string[] } | undefined {
  const i = rest.findIndex((w) => NUMBERISH.test(w) || w === '>=' || w === '<=' || w === '≥' || w === '≤' || w === '>' || w === '<' || w === '=');
  const n = i < 0 ? rest.length : i;
  if (n === 0) return undefined;
  return { outcome: rest.slice(0, n).join(' '), after: rest.slice(n) };
}

function order(side: Side, verb: Verb, rest: string[]): Parsed {
  const [sizeWord, ...more] = rest;
  if (sizeWord === undefined) return fail(verb, `type ${USAGE[verb]}`);
  let size: string | 'all';
  if (sizeWord.toLowerCase() === 'all') {
    if (side === 'BUY') return fail(verb, '“buy all” is not an order: type the number of shares, such as buy 10 yes 45');
    size = 'all';
  } else {
    const s = shares(sizeWord);
    if (typeof s !== 'string') return fail(verb, s.problem);
    size = s;
  }
  if (more.length === 0) return fail(verb, `name the outcome: ${USAGE[verb]}`);
  // "sell all no [market]": without a price only the next word is the outcome, the rest names the market.
  const o = outcomeWords(more);
  if (!o) return fail(verb, `name the outcome before the price: ${USAGE[verb]}`);
  if (size === 'all' && o.after.length === 0) {
    const [outcome, ...market] = more as [string, ...string[]];
    return { ok: true, command: { kind: 'order', side, size, outcome, ...withMarket(market) } };
  }
  const [priceWord, ...market] = o.after;
  if (priceWord === undefined) return fail(verb, `type the price in cents after ${o.outcome}: ${USAGE[verb]}`);
  const p = price(priceWord);
  if (typeof p === 'string') return fail(verb, `price: ${p}`);
  return { ok: true, command: { kind: 'order', side, size, outcome: o.outcome, price: p, ...withMarket(market) } };
}

function ladder(rest: string[]): Parsed {
  let side: Side = 'BUY';
  const first = rest[0]?.toLowerCase();
  if (first === 'buy' || first === 'sell') {
    side = first === 'buy' ? 'BUY' : 'SELL';
    rest = rest.slice(1);
  }
  const rangeAt = rest.findIndex((w) => RANGE.test(w) && NUMBERISH.test((RANGE.exec(w) as RegExpExecArray)[1] as string));
  if (rangeAt === 0) return fail('ladder', `name the outcome before the prices: ${USAGE.ladder}`);
  if (rangeAt < 0) return fail('ladder', rest.length ? `type the prices as from-to in cents, such as 40-45: ${USAGE.ladder}` : `type ${USAGE.ladder}`);
  const outcome = rest.slice(0, rangeAt).join(' ');
  const [, a, b] = RANGE.exec(rest[rangeAt] as string) as RegExpExecArray;
  const from = price(a as string);
  if (typeof from === 'string') return fail('ladder', `from price: ${from}`);
  const to = price(b as string);
  if (typeof to === 'string') return fail('ladder', `to price: ${to}`);
  const [count, sizeWord, sizeValue, ...market] = rest.slice(rangeAt + 1);
  const rungs = /^x(\d+)$/i.exec(count ?? '');
  if (!rungs) return fail('ladder', `type the number of rungs as x5 after the prices: ${USAGE.ladder}`);
  if (sizeWord?.toLowerCase() !== 'size' || sizeValue === undefined) return fail('ladder', `type the shares per rung as size 10: ${USAGE.ladder}`);
  const size = shares(sizeValue);
  if (typeof size !== 'string') return fail('ladder', size.problem);
  return { ok: true, command: { kind: 'ladder', side, outcome, from, to, rungs: Number(rungs[1]), size, ...withMarket(market) } };
}

function alert(rest: string[]): Parsed {
  const o = outcomeWords(rest);
  if (!o) return fail('alert', `name the outcome: ${USAGE.alert}`);
  const [opWord, priceWord, ...market] = o.after;
  if (opWord === undefined) return fail('alert', `type >= or <= and a price after ${o.outcome}: ${USAGE.alert}`);
  const op = opWord === '>=' || opWord === '≥' ? '>=' : opWord === '<=' || opWord === '≤' ? '<=' : undefined;
  // An alert fires at or past its level: ">" and "<" would be read as something they do not say.
  if (!op) return fail('alert', `“${opWord}” is not a direction: type >= (rises to) or <= (falls to)`);
  if (priceWord === undefined) return fail('alert', `type the level in cents after ${op}: ${USAGE.alert}`);
  const p = price(priceWord);
  if (typeof p === 'string') return fail('alert', `price: ${p}`);
  return { ok: true, command: { kind: 'alert', outcome: o.outcome, op, price: p, ...withMarket(market) } };
}

/** Reads a command from the palette's text. */
export function parseCommand(text: string): Parsed | undefined {
  const all = words(text);
  const verb = all[0]?.toLowerCase();
  if (verb === undefined || !VERBS.has(verb)) return undefined;
  const rest = all.slice(1);
  switch (verb as Verb) {
    case 'buy':
      return order('BUY', 'buy', rest);
    case 'sell':
      return order('SELL', 'sell', rest);
    case 'ladder':
      return ladder(rest);
    case 'cancel':
      if (rest[0]?.toLowerCase() !== 'all') return fail('cancel', `type ${USAGE.cancel}`);
      return { ok: true, command: { kind: 'cancel', ...withMarket(rest.slice(1)) } };
    case 'follow': {
      const a = rest[0];
      if (a === undefined) return fail('follow', `type ${USAGE.follow}`);
      if (!address.safeParse(a).success) return fail('follow', `“${a}” is not a wallet address: 0x and 40 hex digits`);
      if (rest.length > 1) return fail('follow', `only the address follows “follow”: ${USAGE.follow}`);
      return { ok: true, command: { kind: 'follow', address: a } };
    }
    case 'alert':
      return alert(rest);
  }
}
