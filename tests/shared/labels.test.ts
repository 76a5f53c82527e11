import { describe, expect, it } from 'vitest';
import {
  A4_SHEET,
  describeLabel,
  describeSheet,
  isIdflNumber,
  mm,
  paginateLabels,
  SINGLE_LABEL,
} from '../../src/shared/labels.ts';

describe('[LABELS] content', () => {
  it('encodes the IDFL number and shows it with the sample code and the received date', () => {
    expect(
      describeLabel({
        idflNumber: 'IDFL-2026-00012',
        sampleCode: 'SC-7',
        receivedDate: new Date('2026-03-02T09:00:00Z'),
        createdAt: new Date('2026-03-01T09:00:00Z'),
      }),
    ).toEqual({ qrText: 'IDFL-2026-00012', idflNumber: 'IDFL-2026-00012', sampleCode: 'SC-7', date: '2 March 2026' });
  });

  it('falls back to the creation date and a dash for a missing code', () => {
    expect(
      describeLabel({
        idflNumber: 'IDFL-2026-00001',
        sampleCode: ' ',
        receivedDate: null,
        createdAt: '2026-01-05T23:00:00Z',
      }),
    ).toMatchObject({ sampleCode: '—', date: '5 January 2026' });
    expect(describeLabel({ idflNumber: 'IDFL-2026-00001', sampleCode: null }).date).toBe('');
  });

  it('recognises IDFL numbers', () => {
    expect(isIdflNumber('IDFL-2026-00001')).toBe(true);
    expect(isIdflNumber('IDFL-2026-123456')).toBe(true);
    expect(isIdflNumber('BK-2026-00001')).toBe(false);
    expect(isIdflNumber('IDFL-26-00001')).toBe(false);
  });
});

describe('[LABELS] layouts', () => {
  it('makes a 62 × 29 mm page per label', () => {
    const sheet = describeSheet('label');
    expect(sheet.pageWidth).toBeCloseTo(mm(SINGLE_LABEL.width));
    expect(sheet.pageHeight).toBeCloseTo(mm(SINGLE_LABEL.height));
    expect(sheet.cells).toHaveLength(1);
  });

  it('tiles A4 with 3 × 8 labels in reading order, inside the page', () => {
    const sheet = describeSheet('a4');
    expect(sheet.cells).toHaveLength(A4_SHEET.columns * A4_SHEET.rows);
    const [first, second, , fourth] = sheet.cells;
    expect(first!.x).toBe(0);
    expect(first!.y + first!.height).toBeCloseTo(sheet.pageHeight);
    expect(second!.x).toBeCloseTo(first!.width);
    expect(fourth!.x).toBe(0);
    expect(fourth!.y).toBeLessThan(first!.y);
    for (const cell of sheet.cells) {
      expect(cell.x + cell.width).toBeLessThanOrEqual(sheet.pageWidth + 0.001);
      expect(cell.y).toBeGreaterThanOrEqual(-0.001);
    }
  });

  it('splits labels into pages', () => {
    const labels = Array.from({ length: 50 }, (_, i) => i);
    expect(paginateLabels(labels, 'a4').map((page) => page.length)).toEqual([24, 24, 2]);
    expect(paginateLabels(labels.slice(0, 3), 'label')).toEqual([[0], [1], [2]]);
    expect(paginateLabels([], 'a4')).toEqual([]);
  });
});
