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
      describeLabel(
        {
          idflNumber: 'IDFL-2026-00012',
          sampleCode: 'SC-7',
          receivedDate: new Date('2026-03-02T09:00:00Z'),
          createdAt: new Date('2026-03-01T09:00:00Z'),
        },
        'Asia/Ho_Chi_Minh',
      ),
    ).toEqual({
      qrText: 'IDFL-2026-00012',
      idflNumber: 'IDFL-2026-00012',
      sampleCode: 'SC-7',
      date: '2 March 2026',
      damage: null,
    });
  });

  it('says how a sample arrived when it was not intact', () => {
    const received = (receivedCondition: 'intact' | 'damaged' | 'insufficient' | null) =>
      describeLabel({ idflNumber: 'IDFL-2026-00012', sampleCode: 'SC-7', receivedCondition }, 'UTC').damage;
    expect(received('damaged')).toBe('damaged');
    expect(received('insufficient')).toBe('insufficient');
    expect(received('intact')).toBeNull();
    expect(received(null)).toBeNull();
  });

  it('falls back to the creation date and a dash for a missing code', () => {
    const created = {
      idflNumber: 'IDFL-2026-00001',
      sampleCode: ' ',
      receivedDate: null,
      createdAt: '2026-01-05T23:00:00Z',
    };
    expect(describeLabel(created, 'UTC')).toMatchObject({ sampleCode: '—', date: '5 January 2026' });
    expect(describeLabel({ idflNumber: 'IDFL-2026-00001', sampleCode: null }, 'UTC').date).toBe('');
  });

  it("dates a label by the laboratory's day, whatever the zone", () => {
    const at = (receivedDate: string, zone: string) =>
      describeLabel({ idflNumber: 'IDFL-2026-00001', sampleCode: 'SC-1', receivedDate }, zone).date;
    // 23:00 UTC on 5 January is already 6 January in Ho Chi Minh City (UTC+7).
    expect(at('2026-01-05T23:00:00Z', 'Asia/Ho_Chi_Minh')).toBe('6 January 2026');
    expect(at('2026-12-01T16:59:00Z', 'Asia/Ho_Chi_Minh')).toBe('1 December 2026');
    expect(at('2026-12-01T17:00:00Z', 'Asia/Ho_Chi_Minh')).toBe('2 December 2026');
    // New York (UTC−5 in winter): 04:59 UTC on 2 December is still 1 December there.
    expect(at('2026-12-02T04:59:00Z', 'America/New_York')).toBe('1 December 2026');
    expect(at('2026-12-02T05:00:00Z', 'America/New_York')).toBe('2 December 2026');
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
