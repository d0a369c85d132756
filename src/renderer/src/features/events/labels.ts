// Short names for a bracket's outcomes: its markets' questions usually differ only in the middle
// ("Will X win the election?"), so the words every question shares at both ends are dropped.

const words = (s: string): string[] => s.split(' ');

/** Each question without the words all of them share at the start and at the end; the questions themselves when that would leave one empty. */
export function shortLabels(questions: readonly string[]): string[] {
  if (questions.length < 2) return [...questions];
  const split = questions.map(words);
  const shortest = Math.min(...split.map((w) => w.length));
  let head = 0;
  while (head < shortest && split.every((w) => w[head] === split[0]?.[head])) head++;
  let tail = 0;
  while (tail < shortest - head && split.every((w) => w[w.length - 1 - tail] === split[0]?.[split[0].length - 1 - tail])) tail++;
  const out = split.map((w) => w.slice(head, w.length - tail).join(' ').trim());
  return out.some((l) => l === '') ? [...questions] : out;
}
