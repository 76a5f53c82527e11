import { isotopeElements, type ElementValues } from '@/shared/origin-model/estimator';

/**
 * One sample as an analyst types it: the five isotope ratios as text (so a half-typed "-2" stays
 * as typed), the claimed origin and the expected origins. Turned into numbers only to analyse.
 */
export type SampleForm = {
  sampleCode: string;
  values: Record<(typeof isotopeElements)[number], string>;
  claimedOrigin: string;
  /** Comma-separated regions. */
  expectedOrigins: string;
};

const elementLabels: Record<string, string> = {
  d13C: 'δ13C',
  d2H: 'δ2H',
  d18O: 'δ18O',
  d15N: 'δ15N',
  d34S: 'δ34S',
};

export const elementLabel = (element: string) => elementLabels[element] ?? element;

export function emptySampleForm(): SampleForm {
  return {
    sampleCode: '',
    values: { d13C: '', d2H: '', d18O: '', d15N: '', d34S: '' },
    claimedOrigin: '',
    expectedOrigins: '',
  };
}

/** A typed number, accepting a decimal comma; blank or unreadable text counts as not measured. */
export function readNumber(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '' || trimmed === '-' || trimmed === '.') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

export function elementValuesOf(form: SampleForm): ElementValues {
  return Object.fromEntries(isotopeElements.map((element) => [element, readNumber(form.values[element])]));
}

export function expectedOriginsOf(form: SampleForm): string[] {
  return form.expectedOrigins
    .split(',')
    .map((region) => region.trim())
    .filter(Boolean);
}

export function hasAnyValue(form: SampleForm): boolean {
  return isotopeElements.some((element) => readNumber(form.values[element]) !== null);
}

/** The request body for one sample (the server recomputes what the browser showed). */
export function sampleBodyOf(form: SampleForm) {
  const values = elementValuesOf(form);
  const expected = expectedOriginsOf(form);
  return {
    sampleCode: form.sampleCode.trim() || null,
    d13C: values.d13C ?? null,
    d2H: values.d2H ?? null,
    d18O: values.d18O ?? null,
    d15N: values.d15N ?? null,
    d34S: values.d34S ?? null,
    claimedOrigin: form.claimedOrigin.trim() || null,
    ...(expected.length > 0 ? { expectedOrigins: expected } : {}),
  };
}

/** The columns a pasted spreadsheet row is read in (tab-separated). */
export const pastedColumns = ['sampleCode', ...isotopeElements, 'claimedOrigin', 'expectedOrigins'] as const;

/**
 * Rows copied from a spreadsheet: tab-separated, in `pastedColumns` order. A first row whose
 * isotope cells are not numbers is a header and is skipped.
 */
export function parsePastedRows(text: string): SampleForm[] {
  const rows = text
    .split(/\r?\n/)
    .map((line) => line.split('\t'))
    .filter((cells) => cells.some((cell) => cell.trim() !== ''));
  return rows
    .filter((cells, index) => {
      if (index > 0) return true;
      const isotopeCells = cells.slice(1, 1 + isotopeElements.length).filter((cell) => cell.trim() !== '');
      return isotopeCells.some((cell) => readNumber(cell) !== null);
    })
    .map((cells) => {
      const form = emptySampleForm();
      form.sampleCode = cells[0]?.trim() ?? '';
      isotopeElements.forEach((element, i) => {
        form.values[element] = cells[i + 1]?.trim() ?? '';
      });
      form.claimedOrigin = cells[1 + isotopeElements.length]?.trim() ?? '';
      form.expectedOrigins = cells[2 + isotopeElements.length]?.trim() ?? '';
      return form;
    });
}

export const percent = (value: number | null | undefined, digits = 1) =>
  value === null || value === undefined ? '—' : `${(value * 100).toFixed(digits)}%`;
