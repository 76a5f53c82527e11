import { formatDelta } from '@/shared/certificate';
export { formatGrams } from '@/shared/measurement/quantities';

/**
 * Numbers as the laboratory writes them, wherever the app shows one: isotope values (δ, per mil) to
 * the two decimals they are measured to, the same rule the certificates print with; weights in grams
 * by the rule the custody record prints with too (shared/measurement/quantities.ts). '—' for no value; a δ value with
 * its expanded uncertainty when the third lab gave one ("-27.10 ± 0.15 ‰").
 */
export function formatIsotope(value: number | null | undefined, uncertainty?: number | null): string {
  return formatDelta(value ?? null, uncertainty);
}
