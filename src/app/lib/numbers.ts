import { formatDelta } from '@/shared/certificate';

/**
 * Numbers as the laboratory writes them, wherever the app shows one: isotope values (δ, per mil) to
 * the two decimals they are measured to, the same rule the certificates print with; weights in grams
 * to at most three decimals (a milligram), without trailing zeros. '—' for no value.
 */
export function formatIsotope(value: number | null | undefined): string {
  return formatDelta(value ?? null);
}

export function formatGrams(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return `${Number(value.toFixed(3))} g`;
}
