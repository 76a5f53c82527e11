import type { TFunction } from 'i18next';
import { elementScales, measuredElements, type MeasuredElement } from '@/shared/measurement/measurement';
import { formatFixed } from '@/shared/measurement/quantities';
import type { ReferenceMaterial, ReferenceValue } from './reference-material-queries';

// How the registry's values read on its screens: to the decimals their sheet gives (at least two,
// as every δ value is printed), on the scale results are reported on.

/** The scale as results are printed on it: the VSMOW-SLAP normalisation reports on VSMOW. */
export const scaleName = (scale: string) => (scale === 'VSMOW-SLAP' ? 'VSMOW' : scale);

/** The decimals a sheet's number is written with: two at least, four at most. */
function sheetDigits(value: number) {
  for (let digits = 2; digits < 4; digits++) if (Number(value.toFixed(digits)) === value) return digits;
  return 4;
}

export const sheetNumber = (value: number) => formatFixed(value, sheetDigits(value));

/** "-26.39 ± 0.04 ‰ VPDB", or without the uncertainty when the sheet gives none. */
export function valueWords(value: Pick<ReferenceValue, 'value' | 'uncertainty' | 'scale'>, t: TFunction) {
  const scale = scaleName(value.scale);
  return value.uncertainty == null
    ? t('reference-materials:valueAlone', { value: sheetNumber(value.value), scale })
    : t('reference-materials:valueWithUncertainty', {
        value: sheetNumber(value.value),
        u: sheetNumber(value.uncertainty),
        scale,
      });
}

/** An element by its delta, as both languages write it: δ13C. */
export const deltaOf = (element: MeasuredElement) => elementScales[element].delta;

/** The scale an element's values are given on, as results are reported. */
export const elementScaleName = (element: MeasuredElement) => scaleName(elementScales[element].scale);

/** The value of each element in force today, in the elements' order. */
export function valuesInForce(material: ReferenceMaterial) {
  return measuredElements
    .map((element) => material.values.find((value) => value.id === material.currentValueIds[element]))
    .filter((value): value is ReferenceValue => value !== undefined);
}

/** Where a version stands: the one in force, one that was, or one whose day has not come. */
export function versionState(material: ReferenceMaterial, value: ReferenceValue) {
  const current = material.values.find((candidate) => candidate.id === material.currentValueIds[value.element]);
  if (current?.id === value.id) return 'inForce' as const;
  if (!current || value.validFrom > current.validFrom) return 'upcoming' as const;
  return 'earlier' as const;
}
