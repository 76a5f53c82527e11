// Numbers as the laboratory writes them, on every screen and in every document the server prints, in
// both languages: a decimal point, as the instrument files, the reference sheets and the certificate
// print them (a Vietnamese screen that mixed "26,4" and "26.40" read as two different values), and no
// thousands separator. '—' for no value.

/** A value to fixed decimals; a value that rounds to zero carries no sign ("0.00", never "-0.00"). */
export function formatFixed(value: number | null | undefined, digits: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const text = value.toFixed(digits);
  return Number(text) === 0 ? (0).toFixed(digits) : text;
}

/** Grams to at most three decimals (a milligram), without trailing zeros. */
export function formatGrams(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return `${Number(value.toFixed(3))} g`;
}
