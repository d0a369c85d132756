// Hooks for time in screens: a value that settles before it is used, and a clock that ticks.
import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `ms` (checks run on what the user stopped typing). */
export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** The time now, moved on every `everyMs` so relative times and countdowns stay true. */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}
