import { describe, expect, it } from 'vitest';
import {
  elementValuesOf,
  emptySampleForm,
  parsePastedRows,
  readNumber,
  sampleBodyOf,
} from '@/app/features/analysis/sample-values';

describe('a sample as an analyst types it', () => {
  it('reads decimal commas, and blank or half-typed values as not measured', () => {
    expect(readNumber('-12,5')).toBe(-12.5);
    expect(readNumber(' -93 ')).toBe(-93);
    expect(readNumber('-')).toBeNull();
    expect(readNumber('')).toBeNull();
    expect(readNumber('abc')).toBeNull();
  });

  it('sends the typed values, the claimed origin and the expected origins', () => {
    const form = emptySampleForm();
    form.sampleCode = ' TAP-1 ';
    form.values.d2H = '-93';
    form.values.d18O = '-12.5';
    form.claimedOrigin = 'Albuquerque';
    form.expectedOrigins = 'Albuquerque, Phoenix ,';
    expect(elementValuesOf(form)).toEqual({ d13C: null, d2H: -93, d18O: -12.5, d15N: null, d34S: null });
    expect(sampleBodyOf(form)).toEqual({
      sampleCode: 'TAP-1',
      d13C: null,
      d2H: -93,
      d18O: -12.5,
      d15N: null,
      d34S: null,
      claimedOrigin: 'Albuquerque',
      expectedOrigins: ['Albuquerque', 'Phoenix'],
    });
  });

  it('reads tab-separated rows pasted from a spreadsheet, skipping a header row', () => {
    const rows = parsePastedRows(
      [
        'sampleCode\td13C\td2H\td18O\td15N\td34S\tclaimedOrigin',
        'TAP-A\t\t-120\t-16\t\t\tSalt Lake City',
        '',
        'TAP-B\t-25.1\t-60\t-8,2\t4\t\tLos Angeles\tLos Angeles, Phoenix',
      ].join('\r\n'),
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ sampleCode: 'TAP-A', claimedOrigin: 'Salt Lake City', expectedOrigins: '' });
    expect(rows[0]!.values).toEqual({ d13C: '', d2H: '-120', d18O: '-16', d15N: '', d34S: '' });
    expect(elementValuesOf(rows[1]!)).toEqual({ d13C: -25.1, d2H: -60, d18O: -8.2, d15N: 4, d34S: null });
    expect(rows[1]!.expectedOrigins).toBe('Los Angeles, Phoenix');
  });

  it('keeps a first row that holds numbers: there was no header', () => {
    expect(parsePastedRows('TAP-C\t\t-90\t-12')).toHaveLength(1);
  });
});
