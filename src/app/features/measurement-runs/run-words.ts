import type { TFunction } from 'i18next';
import { formatFixed } from '@/shared/measurement/quantities';

// How a run's elements, scales and per-mil values read on the run screens.

/** An element by its delta and name, e.g. "δ13C (carbon)" in the reader's language. */
export const elementName = (element: string, t: TFunction<'runs'> | ((key: string) => string)) =>
  (t as (key: string) => string)(`elements.${element}`);

/** The scale as printed on results: the VSMOW-SLAP normalisation reports on VSMOW. */
export const scaleName = (scale: string) => (scale === 'VSMOW-SLAP' ? 'VSMOW' : scale);

export const permil = (value: number | null | undefined) => (value == null ? '—' : `${formatFixed(value, 2)} ‰`);
