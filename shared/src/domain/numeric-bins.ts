/**
 * Equal-width bins for a numeric question's answers (Response Analytics' distribution): at most `maxBins` bins of
 * a round width (1, 2, 2.5 or 5 times a power of ten) starting at a multiple of the width, so labels read
 * "10–20", not "9.73–19.46". Whole-number answers over a short range get one bin per value.
 */
export type NumericBins = { lo: number; width: number; count: number };

export const NUMERIC_MAX_BINS = 10;
const STEPS = [1, 2, 2.5, 5, 10];

export function numericBins(
  min: number,
  max: number,
  wholeNumbers: boolean,
  maxBins = NUMERIC_MAX_BINS,
): NumericBins {
  if (!(max > min)) return { lo: min, width: 1, count: 1 };
  if (wholeNumbers && max - min + 1 <= maxBins) return { lo: min, width: 1, count: max - min + 1 };
  const raw = (max - min) / maxBins;
  let power = 10 ** Math.floor(Math.log10(raw));
  for (let guard = 0; guard < 40; guard++) {
    for (const step of STEPS) {
      let width = step * power;
      if (width < raw) continue;
      if (wholeNumbers) width = Math.max(1, Math.round(width));
      const lo = Math.floor(min / width) * width;
      const count = Math.floor((max - lo) / width) + 1;
      if (count <= maxBins) return { lo, width, count };
    }
    power *= 10;
  }
  return { lo: min, width: max - min, count: 1 };
}

/** The bin a value falls in: [lo + i·width, lo + (i+1)·width), values past the last bin in the last one. */
export function binIndex(value: number, bins: NumericBins): number {
  return Math.min(bins.count - 1, Math.max(0, Math.floor((value - bins.lo) / bins.width)));
}
