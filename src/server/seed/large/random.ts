// A small seeded generator (mulberry32): the large data set is the same on every machine for a given seed,
// and each record draws from its own generator, so a record does not change when the chunk size does.
export class Random {
  private state: number;
  private owner = 0;
  private issued = 0;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  // The record the next UUIDs belong to (a sale's customer id, unique in the database): they end with its
  // number and a count, so no two records' UUIDs meet, which 32 bits of generator state alone cannot promise.
  ownedBy(owner: number): this {
    this.owner = owner;
    this.issued = 0;
    return this;
  }

  // Independent generators for record `index` of a data set made with `seed`.
  static of(seed: number, index: number): Random {
    return new Random(Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35));
  }

  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  // A version-4-shaped UUID from this generator (records must be reproducible, so not crypto's): 20 random
  // hex digits, then the owner's number and a count.
  uuid(): string {
    const hex = Array.from({ length: 20 }, () => Math.floor(this.next() * 16).toString(16));
    hex[12] = '4';
    hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
    const h = hex.join('');
    const tail = `${this.owner.toString(16).padStart(9, '0')}${(this.issued++).toString(16).padStart(3, '0')}`;
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${tail.slice(-12)}`;
  }

  digits(count: number): string {
    return Array.from({ length: count }, () => this.int(0, 9)).join('');
  }
}
