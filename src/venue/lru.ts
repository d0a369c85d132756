// A map that forgets its least recently used entries beyond a budget, counted in entries or in
// whatever `cost` measures (bytes): the catalog's caches stay bounded whatever is read.

interface Entry<V> {
  value: V;
  cost: number;
  /** When the entry last moved to the recent end. */
  seq: number;
}

export class Lru<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private total = 0;
  private seq = 0;

  constructor(
    private readonly budget: number,
    private readonly cost: (value: V) => number = () => 1,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /**
   * The value, now among the most recently used. An entry already in the recent half stays
   * where it is: moving every hit would churn the map's table on every read of a hot page.
   */
  get(key: K): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (this.seq - e.seq > this.entries.size / 2) {
      this.entries.delete(key);
      e.seq = ++this.seq;
      this.entries.set(key, e);
    }
    return e.value;
  }

  delete(key: K): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.total -= e.cost;
  }

  keys(): IterableIterator<K> {
    return this.entries.keys();
  }

  set(key: K, value: V): void {
    const old = this.entries.get(key);
    if (old) {
      this.total -= old.cost;
      this.entries.delete(key);
    }
    const cost = this.cost(value);
    this.entries.set(key, { value, cost, seq: ++this.seq });
    this.total += cost;
    // Map iterates in insertion order: the first key is the least recently used.
    for (const [k, e] of this.entries) {
      if (this.total <= this.budget || this.entries.size <= 1) break;
      this.entries.delete(k);
      this.total -= e.cost;
    }
  }
}
