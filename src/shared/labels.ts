// QR labels stuck on sample bags. Pure: what a label says and how label sheets are laid
// out, shared by the PDF generator on the server and the scanner in the app.

import { dayInTimeZone, formatDisplayDate } from './display-date.ts';
import type { ReceivedCondition } from './workflow/sample-workflow.ts';

/** IDFL numbers as numbering.ts writes them: IDFL-2026-00001. */
const IDFL_NUMBER_PATTERN = /^IDFL-\d{4}-\d{5,}$/;

export function isIdflNumber(value: string): boolean {
  return IDFL_NUMBER_PATTERN.test(value);
}

export type LabelSample = {
  idflNumber: string;
  sampleCode: string | null;
  sampleType?: string | null;
  receivedDate?: Date | string | null;
  createdAt?: Date | string | null;
  receivedCondition?: ReceivedCondition | null;
};

export type LabelContent = {
  /** What the QR code encodes: the IDFL number alone, so any scanner (or a person) can read it. */
  qrText: string;
  idflNumber: string;
  sampleCode: string;
  /** The day in the one date form (display-date.ts), as the bench's screens show it: "2 March 2026". */
  date: string;
  /**
   * How the sample arrived when not intact: the bag then says so wherever it goes next (a tester's
   * bench, the third lab), not only the receipt's record.
   */
  damage: Exclude<ReceivedCondition, 'intact'> | null;
};

const isoDay = (value: Date | string | null | undefined, timeZone: string) =>
  value instanceof Date && Number.isNaN(value.getTime()) ? '' : dayInTimeZone(value, timeZone);

/**
 * A label's content; the date is the laboratory's day (LAB_TIME_ZONE) the sample was received, or
 * created when not yet received. Labels are printed without a language (the print request names
 * none): English words.
 */
export function describeLabel(sample: LabelSample, timeZone: string): LabelContent {
  return {
    qrText: sample.idflNumber,
    idflNumber: sample.idflNumber,
    sampleCode: sample.sampleCode?.trim() || '—',
    date: formatDisplayDate(isoDay(sample.receivedDate, timeZone) || isoDay(sample.createdAt, timeZone)),
    damage: sample.receivedCondition && sample.receivedCondition !== 'intact' ? sample.receivedCondition : null,
  };
}

export const labelLayouts = ['label', 'a4'] as const;
export type LabelLayout = (typeof labelLayouts)[number];

const MM = 72 / 25.4;

/** Millimetres to PDF points. */
export function mm(value: number): number {
  return value * MM;
}

export type LabelSheet = {
  /** Page size in points. */
  pageWidth: number;
  pageHeight: number;
  /** Labels per page, in reading order, each with its box in points (origin bottom-left, as in PDF). */
  cells: { x: number; y: number; width: number; height: number }[];
};

/** 62 × 29 mm: the continuous roll of common label printers, one label per page. */
export const SINGLE_LABEL = { width: 62, height: 29 };
/** A4 with 3 × 8 labels of 70 × 37 mm (the usual 24-up sheet). */
export const A4_SHEET = { width: 210, height: 297, columns: 3, rows: 8 };

export function describeSheet(layout: LabelLayout): LabelSheet {
  if (layout === 'label') {
    const width = mm(SINGLE_LABEL.width);
    const height = mm(SINGLE_LABEL.height);
    return { pageWidth: width, pageHeight: height, cells: [{ x: 0, y: 0, width, height }] };
  }
  const pageWidth = mm(A4_SHEET.width);
  const pageHeight = mm(A4_SHEET.height);
  const width = pageWidth / A4_SHEET.columns;
  const height = pageHeight / A4_SHEET.rows;
  const cells = [];
  for (let row = 0; row < A4_SHEET.rows; row++) {
    for (let column = 0; column < A4_SHEET.columns; column++) {
      cells.push({ x: column * width, y: pageHeight - (row + 1) * height, width, height });
    }
  }
  return { pageWidth, pageHeight, cells };
}

/** Splits labels into pages of the layout. */
export function paginateLabels<T>(labels: readonly T[], layout: LabelLayout): T[][] {
  const perPage = describeSheet(layout).cells.length;
  const pages: T[][] = [];
  for (let i = 0; i < labels.length; i += perPage) pages.push(labels.slice(i, i + perPage));
  return pages;
}
