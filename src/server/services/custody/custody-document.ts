import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import {
  itemsText,
  readCustodyRecord,
  type CustodyReading,
  type ShownChange,
  type ShownRecord,
} from '../../../shared/workflow/custody-format.ts';
import { formatInTimeZone } from '../../../shared/display-date.ts';
import type { Executor } from '../../db/client.ts';
import { wordsFor } from '../app-words.ts';
import type { Language } from '../../../shared/language.ts';
import { custodyChainVerdict } from './audit-verification.ts';
import { embedUnicodeFonts, wrapText } from '../documents/pdf-fonts.ts';
import { findSampleDetail } from '../samples/sample-detail.ts';
import { csvLines } from '../documents/spreadsheet-cells.ts';
import { assertSampleVisible } from '../samples/sample-visibility.ts';

// The chain of custody as a document for the client or an assessor: every record of a sample (each
// hand-over with who, when and what changed), the verdict of the audit chain and the hash of the
// sample's last record, as a PDF or a CSV, in English or Vietnamese. It reads the records as the
// screen does (shared/workflow/custody-format.ts) with the app's own words (locales/<lang>/custody.json,
// samples.json for statuses, roles.json for roles).

/** The screen's words: `custody` keys as they are, `samples:` and `roles:` prefixed. */
function custodyWords(language: Language) {
  return wordsFor(language, ['custody', 'samples', 'roles']);
}

export type CustodyDocument = {
  language: Language;
  t: (key: string, options?: Record<string, unknown>) => string;
  sample: {
    idflNumber: string;
    sampleCode: string | null;
    sampleType: string | null;
    status: string;
    bookingNumber: string | null;
    client: string | null;
  };
  records: (ShownRecord & { id: number; at: string; hash: string })[];
  chain: { valid: boolean; checked: number; brokenAt?: number };
  /** The hash of this sample's last audit record: what an assessor checks the record against. */
  lastHash: string | null;
  printedAt: string;
  printedBy: string;
};

/** The document as it travels to the PDF worker thread: everything but the translator, made anew there. */
export type CustodyDocumentData = Omit<CustodyDocument, 't'>;

export const withCustodyWords = (data: CustodyDocumentData): CustodyDocument => ({
  ...data,
  t: custodyWords(data.language),
});

/** Reads a sample's custody record for a document, if the reader may see the sample. */
export async function loadCustodyDocument(
  db: Executor,
  {
    id,
    permissions,
    language,
    timeZone,
    printedBy,
  }: { id: number; permissions: readonly string[]; language: Language; timeZone: string; printedBy: string },
): Promise<CustodyDocument> {
  const detail = await findSampleDetail(db, id);
  assertSampleVisible(permissions, detail);
  // The stored verdict brought up to date, and this sample's own records checked whole: the work
  // does not grow with the audit table (GET /api/audit/verify still checks all of it).
  const chain = await custodyChainVerdict(db, 'sample_entry', id);
  const t = custodyWords(language);
  const reading: CustodyReading = { t, formatDate: (value) => formatInTimeZone(value, language, timeZone) };
  const records = detail.timeline.map((event) => ({
    ...readCustodyRecord({ ...event, at: event.at.toISOString() }, reading),
    id: event.id,
    at: event.at.toISOString(),
    hash: event.hash,
  }));
  const now = new Date().toISOString();
  return {
    language,
    t,
    sample: {
      idflNumber: detail.idflNumber,
      sampleCode: detail.sampleCode,
      sampleType: detail.sampleType,
      status: t(`samples:status.${detail.status}`, { defaultValue: detail.status }),
      bookingNumber: detail.booking?.bookingNumber ?? null,
      client: detail.booking?.applicantCompany ?? detail.fromClientInfo ?? null,
    },
    records,
    chain,
    lastHash: records.at(-1)?.hash ?? null,
    printedAt: formatInTimeZone(now, language, timeZone),
    printedBy,
  };
}

export const custodyFileName = (doc: CustodyDocument, extension: 'pdf' | 'csv') =>
  `custody-${doc.sample.idflNumber}.${extension}`;

function chainVerdict(doc: CustodyDocument): string {
  return doc.chain.valid
    ? doc.t('document.chainIntact', { count: doc.chain.checked })
    : doc.t('document.chainBroken', { count: doc.chain.checked, record: doc.chain.brokenAt });
}

// ---------------------------------------------------------------------------------------------
// CSV

/** "-27.05 ‰", "± 0.15 ‰", "12.5 g": a number shown with its unit. */
const measured = /^(?:± )?(-?\d+(?:\.\d+)?) (‰|g)$/;

/**
 * A change's old and new values for the CSV. A measured value leaves as a plain number with its
 * unit in a column of its own, so a spreadsheet reads "-27.05" as the number it is rather than as
 * text (or, quoted, as "'-27.05 ‰").
 */
function csvValues(change: ShownChange): { from: string | number; to: string | number; unit: string } {
  const from = itemsText(change.from);
  const to = itemsText(change.to);
  const a = change.from.length ? measured.exec(from) : null;
  const b = change.to.length ? measured.exec(to) : null;
  const unit = a?.[2] ?? b?.[2];
  const isMeasured = (change.from.length === 0 || a) && (change.to.length === 0 || b) && (!a || !b || a[2] === b[2]);
  if (!unit || !isMeasured) return { from, to, unit: '' };
  return { from: a ? Number(a[1]) : '', to: b ? Number(b[1]) : '', unit };
}

/**
 * One row per changed field (a record without changes is one row), with the record's hash on each,
 * and the chain's verdict last. Cells pass through the one rule for exported cells
 * (spreadsheet-cells.ts), so a value typed as "=HYPERLINK(…)" stays text.
 */
export function renderCustodyCsv(doc: CustodyDocument): string {
  const column = (key: string) => doc.t(`document.columns.${key}`);
  const header = [
    'record',
    'at',
    'utc',
    'who',
    'role',
    'action',
    'fromStatus',
    'toStatus',
    'field',
    'from',
    'to',
    'unit',
    'reason',
    'hash',
  ].map(column);
  const rows: (string | number)[][] = [];
  for (const record of doc.records) {
    const base = [String(record.id), record.when, record.at, record.who, record.role ?? '', record.what];
    const statuses = [record.fromStatus ?? '', record.toStatus ?? ''];
    const changes = record.changes.length ? record.changes : [null];
    for (const change of changes) {
      const values = change ? csvValues(change) : { from: '', to: '', unit: '' };
      rows.push([
        ...base,
        ...statuses,
        change?.label ?? '',
        values.from,
        values.to,
        values.unit,
        record.reason ?? '',
        record.hash,
      ]);
    }
  }
  rows.push([]);
  rows.push([chainVerdict(doc)]);
  rows.push([doc.t('document.recordHash'), doc.lastHash ?? doc.t('document.noRecords')]);
  return `\uFEFF${csvLines([header, ...rows])}\r\n`;
}

// ---------------------------------------------------------------------------------------------
// PDF

const BRAND = rgb(0.09, 0.33, 0.45);
const MUTED = rgb(0.4, 0.4, 0.4);
const RULE = rgb(0.85, 0.85, 0.85);
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;

/** The custody record as an A4 PDF: every record in order, the chain's verdict, the record's hash, page x of y. */
export async function renderCustodyPdf(doc: CustodyDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const title = `${doc.t('document.title')} ${doc.sample.idflNumber}`;
  pdf.setTitle(title);
  pdf.setLanguage(doc.language);
  // Names, notes and reasons as recorded, in whatever script.
  const { regular, bold } = await embedUnicodeFonts(pdf, JSON.stringify([doc.sample, doc.records, doc.printedBy]));
  const [width, height] = A4;
  const textWidth = width - 2 * MARGIN;
  let page: PDFPage = pdf.addPage(A4);
  let y = height - MARGIN;

  const newPage = () => {
    page = pdf.addPage(A4);
    y = height - MARGIN;
  };
  /** Room for `needed` points, or a new page. */
  const room = (needed: number) => {
    if (y - needed < MARGIN + 30) newPage();
  };
  const line = (text: string, { size = 10, font = regular, color = rgb(0, 0, 0), indent = 0 } = {}) => {
    for (const part of wrapText(text, font, size, textWidth - indent)) {
      room(size + 4);
      font.draw(page, part, { x: MARGIN + indent, y: y - size, size, color });
      y -= size + 4;
    }
  };

  line(doc.t('document.title'), { size: 20, font: bold, color: BRAND });
  y -= 4;
  line(doc.t('document.sample', { idflNumber: doc.sample.idflNumber }), { size: 14, font: bold });
  y -= 4;
  const facts: [string, string | null][] = [
    [doc.t('document.sampleCode'), doc.sample.sampleCode],
    [doc.t('document.sampleType'), doc.sample.sampleType],
    [doc.t('document.order'), doc.sample.bookingNumber],
    [doc.t('document.client'), doc.sample.client],
    [doc.t('document.status'), doc.sample.status],
  ];
  for (const [label, value] of facts) if (value) line(`${label}: ${value}`);
  line(doc.t('document.printedAt', { at: doc.printedAt, by: doc.printedBy }), { size: 9, color: MUTED });
  line(doc.t('document.records', { count: doc.records.length }), { size: 9, color: MUTED });
  y -= 8;

  for (const record of doc.records) {
    room(48);
    page.drawLine({ start: { x: MARGIN, y }, end: { x: width - MARGIN, y }, thickness: 0.5, color: RULE });
    y -= 6;
    const transition =
      record.toStatus && record.fromStatus !== record.toStatus
        ? ` · ${record.fromStatus ?? '—'} → ${record.toStatus}`
        : '';
    line(`${record.what}${transition}`, { size: 11, font: bold });
    line(`${record.when} · ${record.who}${record.role ? ` · ${record.role}` : ''}`, { size: 9, color: MUTED });
    for (const change of record.changes) {
      line(`${change.label}: ${itemsText(change.from)} → ${itemsText(change.to)}`, { size: 9, indent: 10 });
    }
    if (record.reason) line(`${doc.t('document.reasonLabel')}: ${record.reason}`, { size: 9, indent: 10 });
    y -= 4;
  }

  room(70);
  y -= 8;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: width - MARGIN, y }, thickness: 1, color: BRAND });
  y -= 8;
  line(chainVerdict(doc), { size: 10, font: bold, color: doc.chain.valid ? BRAND : rgb(0.7, 0.1, 0.1) });
  line(doc.t('document.recordHash'), { size: 9, color: MUTED });
  line(doc.lastHash ?? doc.t('document.noRecords'), { size: 9 });

  // Page x of y, once the pages are counted.
  const pages = pdf.getPages();
  pages.forEach((each, index) => {
    const footer = `${doc.sample.idflNumber} · ${doc.t('document.page', { page: index + 1, pages: pages.length })}`;
    const size = 8;
    regular.draw(each, footer, {
      x: width - MARGIN - regular.widthOfTextAtSize(footer, size),
      y: MARGIN - 20,
      size,
      color: MUTED,
    });
  });
  return pdf.save();
}
