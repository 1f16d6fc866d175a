/*
 * Bar allocation: pure placement rules (decision 023). Grams are GOLD units (micrograms).
 *
 * A holder (a ledger account holding grams the platform owes) has rows on bars and maybe an
 * unallocated remainder; their sum is always what it holds. A pass changes only what changed:
 * - a holding that fell releases its unallocated grams first, then its rows, last allocated first;
 * - a holding that grew is placed first-fit over the bars with free room, in the fixed bar order
 *   (listed time, then id); what finds no room waits, unallocated;
 * - a bar whose fine grams fell (corrected, part delivered) or that left the vault gives up only
 *   its own rows beyond its new size, last allocated first, and those grams are placed again;
 * - free room (a bar added or grown, grams released) then takes the waiting grams, the longest
 *   waiting first.
 * The book holds what a pass loaded: every row and remainder of each holder in it, every bar
 * those rows name, and bars with free room in order at least as far as the pass can fill.
 */

export interface BookBar {
  id: string;
  /** Sorts bars in their fixed order: listed time (ISO, microseconds) then id. */
  rank: string;
  /** Fine grams the allocation counts: 0 once the bar has left the vault. */
  capacity: bigint;
  allocated: bigint;
}

export interface BookRow {
  grams: bigint;
  /** When the grams were last placed here: larger is later. Releases take the latest first. */
  seq: bigint;
}

export interface Waiting {
  grams: bigint;
  /** When the holder started waiting: the longest waiting is placed first. */
  since: bigint;
}

export class AllocationRuleError extends Error {
  override name = 'AllocationRuleError';
}

export class AllocationBook {
  readonly bars = new Map<string, BookBar>();
  readonly rows = new Map<string, Map<string, BookRow>>();
  readonly waiting = new Map<string, Waiting>();
  /** Changed keys, for the write-back: `${holder}|${bar}`, holders' remainders, bars. */
  readonly changedRows = new Set<string>();
  readonly changedWaiting = new Set<string>();
  readonly changedBars = new Set<string>();

  /** What this book's changes added to the whole allocation's totals (loading adds nothing). */
  allocatedDelta = 0n;
  unallocatedDelta = 0n;

  constructor(public nextSeq: bigint) {}

  addBar(bar: BookBar) {
    if (!this.bars.has(bar.id)) this.bars.set(bar.id, { ...bar });
  }
  addRow(holder: string, bar: string, row: BookRow) {
    const rows = this.rows.get(holder) ?? new Map<string, BookRow>();
    this.rows.set(holder, rows);
    if (!rows.has(bar)) rows.set(bar, { ...row });
  }
  addWaiting(holder: string, waiting: Waiting) {
    if (!this.rows.has(holder)) this.rows.set(holder, new Map());
    if (!this.waiting.has(holder)) this.waiting.set(holder, { ...waiting });
  }

  /** Everything the holder is counted for: its rows and its remainder. */
  held(holder: string): bigint {
    let sum = this.waiting.get(holder)?.grams ?? 0n;
    for (const row of this.rows.get(holder)?.values() ?? []) sum += row.grams;
    return sum;
  }

  private seq(): bigint {
    return this.nextSeq++;
  }

  private barsInOrder(): BookBar[] {
    return [...this.bars.values()].sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0));
  }

  private move(holder: string, barId: string, delta: bigint, seq?: bigint) {
    const bar = this.bars.get(barId);
    if (!bar) throw new AllocationRuleError(`bar ${barId} is not in the book`);
    const rows = this.rows.get(holder) ?? new Map<string, BookRow>();
    this.rows.set(holder, rows);
    const row = rows.get(barId) ?? { grams: 0n, seq: 0n };
    row.grams += delta;
    if (seq !== undefined) row.seq = seq;
    if (row.grams < 0n) throw new AllocationRuleError(`row ${holder}|${barId} below zero`);
    rows.set(barId, row);
    bar.allocated += delta;
    this.allocatedDelta += delta;
    this.changedRows.add(`${holder}|${barId}`);
    this.changedBars.add(barId);
  }

  private setWaiting(holder: string, grams: bigint) {
    const before = this.waiting.get(holder);
    this.unallocatedDelta += grams - (before?.grams ?? 0n);
    if (!this.rows.has(holder)) this.rows.set(holder, new Map());
    if (grams === 0n) this.waiting.set(holder, { grams: 0n, since: 0n });
    else this.waiting.set(holder, { grams, since: before && before.grams > 0n ? before.since : this.seq() });
    this.changedWaiting.add(holder);
  }

  /** Places grams first-fit over the bars with room; what finds none waits. */
  place(holder: string, grams: bigint) {
    let left = grams;
    for (const bar of this.barsInOrder()) {
      if (left === 0n) break;
      const room = bar.capacity - bar.allocated;
      if (room <= 0n) continue;
      const take = room < left ? room : left;
      this.move(holder, bar.id, take, this.seq());
      left -= take;
    }
    if (left > 0n) this.setWaiting(holder, (this.waiting.get(holder)?.grams ?? 0n) + left);
  }

  /** Takes grams off a holder: its remainder first, then its rows, last allocated first. */
  release(holder: string, grams: bigint) {
    let left = grams;
    const waiting = this.waiting.get(holder)?.grams ?? 0n;
    if (waiting > 0n) {
      const take = waiting < left ? waiting : left;
      this.setWaiting(holder, waiting - take);
      left -= take;
    }
    const rows = [...(this.rows.get(holder)?.entries() ?? [])]
      .filter(([, row]) => row.grams > 0n)
      .sort(([barA, a], [barB, b]) => (a.seq !== b.seq ? (a.seq > b.seq ? -1 : 1) : this.rankDesc(barA, barB)));
    for (const [barId, row] of rows) {
      if (left === 0n) break;
      const take = row.grams < left ? row.grams : left;
      this.move(holder, barId, -take);
      left -= take;
    }
    if (left > 0n) throw new AllocationRuleError(`holder ${holder} releases more than it holds`);
  }

  private rankDesc(a: string, b: string) {
    const ra = this.bars.get(a)?.rank ?? '';
    const rb = this.bars.get(b)?.rank ?? '';
    return ra > rb ? -1 : ra < rb ? 1 : 0;
  }

  /** Brings a holder to what the ledger says it holds now. */
  setHolding(holder: string, target: bigint) {
    if (target < 0n) throw new AllocationRuleError('a holding is never below zero');
    const delta = target - this.held(holder);
    if (delta > 0n) this.place(holder, delta);
    else if (delta < 0n) this.release(holder, -delta);
  }

  /**
   * A bar's size as the vault now has it (0: withdrawn). Beyond it, its own rows leave, last
   * allocated first, and are placed again over the other bars.
   */
  setCapacity(barId: string, capacity: bigint) {
    const bar = this.bars.get(barId);
    if (!bar) throw new AllocationRuleError(`bar ${barId} is not in the book`);
    if (capacity < 0n) throw new AllocationRuleError('a bar is never below zero grams');
    bar.capacity = capacity;
    this.changedBars.add(barId);
    let excess = bar.allocated - capacity;
    if (excess <= 0n) return;
    const onBar: { holder: string; row: BookRow }[] = [];
    for (const [holder, rows] of this.rows) {
      const row = rows.get(barId);
      if (row && row.grams > 0n) onBar.push({ holder, row });
    }
    onBar.sort((a, b) => (a.row.seq !== b.row.seq ? (a.row.seq > b.row.seq ? -1 : 1) : a.holder < b.holder ? 1 : -1));
    const evicted: { holder: string; grams: bigint }[] = [];
    for (const { holder, row } of onBar) {
      if (excess === 0n) break;
      const take = row.grams < excess ? row.grams : excess;
      this.move(holder, barId, -take);
      evicted.push({ holder, grams: take });
      excess -= take;
    }
    if (excess > 0n) throw new AllocationRuleError(`bar ${barId} has rows the book did not load`);
    for (const { holder, grams } of evicted) this.place(holder, grams);
  }

  /** Free room takes the waiting grams: the longest waiting first (then by holder). */
  fillRoom() {
    const waiting = [...this.waiting.entries()]
      .filter(([, w]) => w.grams > 0n)
      .sort(([ha, a], [hb, b]) => (a.since !== b.since ? (a.since < b.since ? -1 : 1) : ha < hb ? -1 : 1));
    for (const [holder, w] of waiting) {
      const room = this.room();
      if (room === 0n) break;
      const take = w.grams < room ? w.grams : room;
      // Taken off the remainder and placed: placing puts nothing back (there is room for it all).
      this.waiting.set(holder, { grams: w.grams - take, since: w.grams - take > 0n ? w.since : 0n });
      this.unallocatedDelta -= take;
      this.changedWaiting.add(holder);
      this.place(holder, take);
    }
  }

  /** Free room over the bars in the book. */
  room(): bigint {
    let room = 0n;
    for (const bar of this.bars.values()) if (bar.capacity > bar.allocated) room += bar.capacity - bar.allocated;
    return room;
  }

  totals() {
    let allocated = 0n;
    let unallocated = 0n;
    for (const bar of this.bars.values()) allocated += bar.allocated;
    for (const w of this.waiting.values()) unallocated += w.grams;
    return { allocated, unallocated };
  }
}

/**
 * A holder's share of a bar as a fraction with eight decimals, rounded down: "0.25000000".
 * A holder never shows more of a bar than it has.
 */
export function shareOf(grams: bigint, barGrams: bigint): string {
  if (barGrams <= 0n) return '0.00000000';
  const scaled = (grams * 100_000_000n) / barGrams;
  return `${scaled / 100_000_000n}.${(scaled % 100_000_000n).toString().padStart(8, '0')}`;
}
