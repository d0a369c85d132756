// What a list follows on the live channel: its rows on screen, in, and the rows scrolled away,
// out — once the scrolling settles, never more than the bound — and a screen that goes away let go.
import { describe, expect, it } from 'vitest';
import { followed, followKey, Follows, type Timers } from './follow';

/** Timers run by hand: `pass(ms)` moves time on and runs what falls due, in order. */
function manual(): Timers & { pass(ms: number): void } {
  let now = 0;
  let next = 0;
  const due = new Map<number, { at: number; fn: () => void; every?: number }>();
  return {
    setTimeout: (fn, ms) => (due.set(++next, { at: now + ms, fn }), next),
    setInterval: (fn, ms) => (due.set(++next, { at: now + ms, fn, every: ms }), next),
    clearTimeout: (h) => void due.delete(h as number),
    clearInterval: (h) => void due.delete(h as number),
    pass(ms) {
      const end = now + ms;
      for (;;) {
        const [id, t] = [...due.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0] ?? [];
        if (id === undefined || !t) break;
        now = t.at;
        if (t.every) t.at += t.every;
        else due.delete(id);
        t.fn();
      }
      now = end;
    },
  };
}

function harness() {
  const sent: string[] = [];
  const timers = manual();
  const follows = new Follows(
    { watch: (key, tokens) => sent.push(`watch ${key} ${[...tokens].join(',')}`), unwatch: (key) => sent.push(`unwatch ${key}`) },
    timers,
    { settleMs: 100, renewMs: 20_000 },
  );
  return { sent, timers, follows };
}

describe('the tokens a screen follows', () => {
  it('are the rows on screen, each once, in screen order, without empty ones', () => {
    expect(followed(['3', '', '1', '3', '2'])).toEqual(['3', '1', '2']);
  });

  it('stop at the bound, keeping the first rows on screen', () => {
    const rows = Array.from({ length: 300 }, (_, i) => `t${i}`);
    expect(followed(rows, 100)).toEqual(rows.slice(0, 100));
    expect(followed(rows, 100)).not.toContain('t100');
  });

  it('make one key whatever their order, so a re-render with the same rows asks nothing again', () => {
    expect(followKey(['2', '1', '3'])).toBe(followKey(['3', '2', '1', '2']));
    expect(followKey(['2', '1', '3'], 2)).toBe('1,2');
  });
});

describe('following while scrolling', () => {
  it('tells the core the rows on screen once they settle, then renews them', () => {
    const { sent, timers, follows } = harness();
    follows.show('list', ['a', 'b']);
    timers.pass(99);
    expect(sent).toEqual([]);
    timers.pass(1);
    expect(sent).toEqual(['watch list a,b']);
    timers.pass(20_000);
    expect(sent).toEqual(['watch list a,b', 'watch list a,b']);
  });

  it('sends only the settled rows while the list scrolls, the ones scrolled away left out', () => {
    const { sent, timers, follows } = harness();
    follows.show('list', ['a', 'b']);
    timers.pass(150);
    // Three frames of scrolling, each within the settling pause.
    follows.show('list', ['b', 'c']);
    timers.pass(50);
    follows.show('list', ['c', 'd']);
    timers.pass(50);
    follows.show('list', ['d', 'e']);
    timers.pass(100);
    expect(sent).toEqual(['watch list a,b', 'watch list d,e']);
    expect(follows.tokensOf('list')).toEqual(['d', 'e']);
    // The replaced watch is never dropped in between: the core moves from one set to the next.
    expect(sent.some((s) => s.startsWith('unwatch'))).toBe(false);
  });

  it('lets a screen go once it is gone, but not when it comes straight back', () => {
    const { sent, timers, follows } = harness();
    follows.show('page', ['x']);
    timers.pass(100);
    follows.leave('page');
    timers.pass(50);
    follows.show('page', ['x', 'y']);
    timers.pass(100);
    expect(sent).toEqual(['watch page x', 'watch page x,y']);
    follows.leave('page');
    timers.pass(100);
    expect(sent.at(-1)).toBe('unwatch page');
    expect(follows.tokensOf('page')).toBeUndefined();
    // Nothing is renewed after it went.
    timers.pass(60_000);
    expect(sent.at(-1)).toBe('unwatch page');
    expect(sent).toHaveLength(3);
  });

  it('keeps each screen apart', () => {
    const { sent, timers, follows } = harness();
    follows.show('list', ['a']);
    follows.show('page', ['p', 'q']);
    timers.pass(100);
    follows.leave('list');
    timers.pass(100);
    expect(sent).toEqual(['watch list a', 'watch page p,q', 'unwatch list']);
    expect(follows.tokensOf('page')).toEqual(['p', 'q']);
  });
});
