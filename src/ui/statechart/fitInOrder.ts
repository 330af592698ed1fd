// Places items of one rank as close as possible to where their neighbours want them (least weighted squares)
// while keeping their order and a minimum distance between each pair: with x_i = y_i + offset_i the distances
// become y_0 ≤ y_1 ≤ …, which is isotonic regression, solved exactly by pooling adjacent violators.
export interface FitItem {
  desired: number;
  weight: number;
}

// `gaps[i]` is the least distance between the centres of items i and i + 1.
export function fitInOrder(items: readonly FitItem[], gaps: readonly number[]): number[] {
  const offsets: number[] = [];
  let offset = 0;
  for (let i = 0; i < items.length; i++) {
    offsets.push(offset);
    offset += gaps[i] ?? 0;
  }
  interface Block {
    weight: number;
    sum: number;
    count: number;
  }
  const blocks: Block[] = [];
  items.forEach((item, i) => {
    const weight = Math.max(item.weight, 1e-6);
    blocks.push({ weight, sum: weight * (item.desired - offsets[i]!), count: 1 });
    while (blocks.length > 1) {
      const last = blocks[blocks.length - 1]!;
      const before = blocks[blocks.length - 2]!;
      if (before.sum / before.weight <= last.sum / last.weight) break;
      blocks.splice(-2, 2, {
        weight: before.weight + last.weight,
        sum: before.sum + last.sum,
        count: before.count + last.count,
      });
    }
  });
  const placed: number[] = [];
  for (const block of blocks) {
    const y = block.sum / block.weight;
    for (let k = 0; k < block.count; k++) placed.push(y + offsets[placed.length]!);
  }
  return placed;
}
