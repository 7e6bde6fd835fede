/** Small seeded PRNG (mulberry32) so the demo community looks the same on every fresh start. */
export type Rng = {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** Standard normal (Box–Muller). */
  normal(): number;
  pick<T>(items: readonly T[]): T;
  /** Index drawn with the given (non-negative) weights. */
  weighted(weights: readonly number[]): number;
  weightedItem<T>(items: readonly T[], weightOf: (item: T) => number): T;
  weightedKey<K extends string>(weights: Record<K, number>): K;
  /** `k` distinct items drawn without replacement, each draw weighted. */
  sampleWeighted<T>(items: readonly T[], weights: readonly number[], k: number): T[];
};

export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const weighted = (weights: readonly number[]) => {
    const total = weights.reduce((s, w) => s + Math.max(0, w), 0);
    let r = next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= Math.max(0, weights[i]!);
      if (r < 0) return i;
    }
    return weights.length - 1;
  };
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    normal: () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    weighted,
    weightedItem: (items, weightOf) => items[weighted(items.map(weightOf))]!,
    weightedKey: (weights) => {
      const keys = Object.keys(weights) as (keyof typeof weights)[];
      return keys[weighted(keys.map((k) => weights[k]))]!;
    },
    sampleWeighted: (items, weights, k) => {
      const pool = items.map((item, i) => ({ item, w: weights[i] ?? 1 }));
      const out: (typeof items)[number][] = [];
      while (out.length < k && pool.length > 0) {
        const i = weighted(pool.map((p) => p.w));
        out.push(pool[i]!.item);
        pool.splice(i, 1);
      }
      return out;
    },
  };
  return rng;
}
