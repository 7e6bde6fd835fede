/** Numeric answer validation (product.md#validation), shared by the question screen and the server. */
import { formatWithUnit } from './units';

/** The range fields of a numeric question. */
export type NumericRange = { minValue: number | null; maxValue: number | null; numericUnit: string | null };

/** Result of checking what a person typed into a numeric answer. */
export type NumericInputResult =
  | { kind: 'empty' }
  | { kind: 'invalid'; title: 'Invalid number'; message: 'Please enter a valid number' }
  | { kind: 'too_small'; title: 'Number too small'; message: string }
  | { kind: 'too_large'; title: 'Number too large'; message: string }
  | { kind: 'ok'; value: number };

// Plain decimal notation only: Number() alone would also accept "0x10", "Infinity" and whitespace-only input.
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** "Please enter a value of at least {min} {unit}" (unit omitted when empty). */
export function tooSmallMessage(min: number, unit: string | null): string {
  return `Please enter a value of at least ${formatWithUnit(min, unit)}`;
}

/** "Please enter a value of at most {max} {unit}" (unit omitted when empty). */
export function tooLargeMessage(max: number, unit: string | null): string {
  return `Please enter a value of at most ${formatWithUnit(max, unit)}`;
}

/** Classify raw input: empty (ignored), invalid, out of range, or ok with its value. */
export function validateNumericInput(raw: string, q: NumericRange): NumericInputResult {
  const text = raw.trim();
  if (text === '') return { kind: 'empty' };
  const value = DECIMAL.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(value)) {
    return { kind: 'invalid', title: 'Invalid number', message: 'Please enter a valid number' };
  }
  if (q.minValue !== null && value < q.minValue) {
    return {
      kind: 'too_small',
      title: 'Number too small',
      message: tooSmallMessage(q.minValue, q.numericUnit),
    };
  }
  if (q.maxValue !== null && value > q.maxValue) {
    return {
      kind: 'too_large',
      title: 'Number too large',
      message: tooLargeMessage(q.maxValue, q.numericUnit),
    };
  }
  return { kind: 'ok', value };
}

/** Server-side range check: the "at least/at most" message, or null when the value is within range. */
export function numericRangeMessage(value: number, q: NumericRange): string | null {
  if (q.minValue !== null && value < q.minValue) return tooSmallMessage(q.minValue, q.numericUnit);
  if (q.maxValue !== null && value > q.maxValue) return tooLargeMessage(q.maxValue, q.numericUnit);
  return null;
}

/**
 * Hint under a numeric input (numbers grouped: "Range: 0 - 3,000 ZAR"): "Range: min - max unit", "Minimum: min unit", "Maximum: max unit" or null. The unit
 * agrees with the number beside it ("Range: 0 - 1 cup", "Minimum: 1 cup"; ADR 0125).
 */
export function rangeHint(q: NumericRange): string | null {
  const n = (v: number) => grouped().format(v);
  if (q.minValue !== null && q.maxValue !== null)
    return `Range: ${n(q.minValue)} - ${formatWithUnit(q.maxValue, q.numericUnit, n)}`;
  if (q.minValue !== null) return `Minimum: ${formatWithUnit(q.minValue, q.numericUnit, n)}`;
  if (q.maxValue !== null) return `Maximum: ${formatWithUnit(q.maxValue, q.numericUnit, n)}`;
  return null;
}

let groupedFormat: Intl.NumberFormat | undefined;
/**
 * Numbers in the hint grouped as the player's language writes them ("3,000 ZAR"), en-GB where none is known.
 * Built on first use, not when the module loads: a page's first Intl formatter costs ~15 ms of main thread
 * (ICU's locale data), and the results screen loads this module without formatting anything with it on arrival.
 */
function grouped(): Intl.NumberFormat {
  groupedFormat ??= new Intl.NumberFormat(typeof navigator === 'undefined' ? 'en-GB' : undefined, {
    maximumFractionDigits: 6,
  });
  return groupedFormat;
}

/** A player's number with its unit, grouped like the hint ("3,000 ZAR"): the numeric guess step quotes it. */
export function groupedWithUnit(value: number, unit: string | null): string {
  return formatWithUnit(value, unit, (v) => grouped().format(v));
}
