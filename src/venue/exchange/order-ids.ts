// Order id → arrival sequence, held in memory. Order ids are keccak hashes: an SQLite index on
// them put every new order on a random leaf page, so a batch of 15 dirtied ~15 pages of that
// index alone and their WAL frames were most of the batch's commit. The orders table is keyed by
// its sequence (appends only) and ids are found here instead.
//
// Each entry is the first 52 bits of the id and its sequence, two doubles in an open-addressed
// table (16 bytes per order, 32 at the table's fill limit). Different ids can share 52 bits, so a
// lookup only proposes sequences; the caller confirms the full id against the row it reads.

const KEY_HEX = 13; // 52 bits: exact in a double

export class OrderIds {
  private keys: Float64Array;
  /** 0 marks an empty slot: sequences start at 1. */
  private seqs: Float64Array;
  private count = 0;

  constructor(capacity = 1024) {
    let size = 1024;
    while (size < capacity * 2) size *= 2;
    this.keys = new Float64Array(size);
    this.seqs = new Float64Array(size);
  }

  get size(): number {
    return this.count;
  }

  clear(): void {
    this.keys.fill(0);
    this.seqs.fill(0);
    this.count = 0;
  }

  add(id: string, seq: number): void {
    const key = keyOf(id);
    if (key < 0 || seq <= 0) return;
    if ((this.count + 1) * 2 > this.seqs.length) this.grow();
    this.put(key, seq);
    this.count++;
  }

  /** The sequence of the order with this id, as confirmed by `matches(seq)`; undefined if none. */
  find(id: string, matches: (seq: number) => boolean): number | undefined {
    const key = keyOf(id);
    if (key < 0) return undefined;
    const mask = this.seqs.length - 1;
    for (let i = slotOf(key, mask); this.seqs[i] !== 0; i = (i + 1) & mask) {
      const seq = this.seqs[i] as number;
      if (this.keys[i] === key && matches(seq)) return seq;
    }
    return undefined;
  }

  private put(key: number, seq: number): void {
    const mask = this.seqs.length - 1;
    let i = slotOf(key, mask);
    while (this.seqs[i] !== 0) i = (i + 1) & mask;
    this.keys[i] = key;
    this.seqs[i] = seq;
  }

  private grow(): void {
    const { keys, seqs } = this;
    this.keys = new Float64Array(keys.length * 2);
    this.seqs = new Float64Array(seqs.length * 2);
    for (let i = 0; i < seqs.length; i++) if (seqs[i] !== 0) this.put(keys[i] as number, seqs[i] as number);
  }
}

/**
 * The id's first 52 bits, or -1 for a string that cannot be an order id (0x and 64 lower-case
 * hex digits). Only the length and the key's digits are checked: callers compare whole ids.
 */
function keyOf(id: string): number {
  if (id.length !== 66 || id.charCodeAt(0) !== 48 || id.charCodeAt(1) !== 120) return -1;
  let key = 0;
  for (let i = 2; i < 2 + KEY_HEX; i++) {
    const c = id.charCodeAt(i);
    const digit = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : -1;
    if (digit < 0) return -1;
    key = key * 16 + digit;
  }
  return key;
}

/** The low 32 bits of the key pick the slot: the id is a hash, so they are already uniform. */
function slotOf(key: number, mask: number): number {
  return (key % 4294967296) & mask;
}
