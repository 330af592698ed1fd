// A bounded burst: a fixed list of requests run with at most `concurrency` in flight, on 127.0.0.1 only.

// Runs every task, `concurrency` at a time, and answers their results in the tasks' order. Once `halt`
// answers true no further task starts; those answer `undefined`.
export async function runBounded<T>(
  tasks: readonly (() => Promise<T>)[],
  concurrency: number,
  halt: () => boolean = () => false,
): Promise<(T | undefined)[]> {
  const results: (T | undefined)[] = new Array(tasks.length).fill(undefined);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length && !halt()) {
      const index = next++;
      results[index] = await tasks[index]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, worker));
  return results;
}

// Shuffles a copy (Fisher–Yates) so the kinds of request in a burst interleave.
export function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
