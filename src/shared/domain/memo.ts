// A memo for values that are costly to make and often asked for again (domain separators,
// encoded words, recovered addresses, API key records). Its keys come from outside, so it holds
// at most `limit` entries and starts over when full, which keeps it cheap on the hot paths.

export class BoundedMemo<K, V> {
  private readonly map = new Map<K, V>();

  constructor(private readonly limit: number) {}

  /** The value kept for `key`, or `make()`'s (kept unless it throws). */
  get(key: K, make: (key: K) => V): V {
    let value = this.map.get(key);
    if (value === undefined) {
      if (this.map.size >= this.limit) this.map.clear();
      value = make(key);
      this.map.set(key, value);
    }
    return value;
  }

  /** Drops what is kept for `key` (it changed at its source). */
  forget(key: K): void {
    this.map.delete(key);
  }
}
