// Weights as the laboratory writes them, on every screen and in every document the server prints:
// grams to at most three decimals (a milligram), without trailing zeros. '—' for no value.

export function formatGrams(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return `${Number(value.toFixed(3))} g`;
}
