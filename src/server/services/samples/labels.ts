import { asc, eq } from 'drizzle-orm';
import { PDFDocument, rgb, type PDFImage, type PDFPage } from 'pdf-lib';
import { embedUnicodeFonts, fittingCount, type PdfFonts, type UnicodeFont } from '../documents/pdf-fonts.ts';
import QRCode from 'qrcode';
import {
  describeLabel,
  describeSheet,
  paginateLabels,
  type LabelContent,
  type LabelLayout,
} from '../../../shared/labels.ts';
import type { Executor } from '../../db/client.ts';
import { booking, dispatchBatch, sampleEntry } from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import { wordsFor } from '../app-words.ts';
import { assertSampleVisible, canSeeSample } from './sample-visibility.ts';

// QR labels for sample bags: one label per sample entry, as single 62 × 29 mm labels or
// as an A4 sheet of 3 × 8. The QR code is embedded as a PNG so the PDF prints sharply at any size
// and a test can read it back without rasterising the page.

/** A QR code as PNG bytes; error correction M survives a scuffed label without growing the code much. */
export async function renderQrPng(text: string, scale = 8): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale });
}

/**
 * Shrinks the font until the text fits the width (never below a legible minimum), then cuts with an
 * ellipsis. Sized and cut from the characters' advances, added up once (widths scale with the size),
 * so a long value costs its length, not its length times each size and cut tried; the result is
 * then measured once as drawn.
 */
export function fitText(text: string, font: UnicodeFont, width: number, size: number, minSize = 5) {
  const characters = [...text];
  const unit = font.characterWidths(characters, 1).reduce((sum, each) => sum + each, 0);
  let current = size;
  while (current > minSize && unit * current > width) current -= 0.5;
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, current) <= width;
  if (unit * current <= width && fits(text)) return { text, size: current };
  const widths = font.characterWidths(characters, current);
  let taken = font.characterWidths(['…'], current)[0]!;
  let count = 0;
  while (count < characters.length - 1 && taken + widths[count]! <= width) taken += widths[count++]!;
  count = Math.max(count, 1);
  if (!fits(`${characters.slice(0, count).join('')}…`)) {
    count = fittingCount(characters.slice(0, count), 0, (start) => fits(`${start}…`));
  }
  return { text: `${characters.slice(0, count).join('')}…`, size: current };
}

/** Labels are printed without a language (the print request names none): English words. */
const LABEL_WORDS = wordsFor('en', ['labels']);

function drawLabel(
  page: PDFPage,
  cell: { x: number; y: number; width: number; height: number },
  label: LabelContent,
  qr: PDFImage,
  fonts: PdfFonts,
) {
  const padding = Math.min(cell.height * 0.08, 6);
  const qrSize = cell.height - 2 * padding;
  page.drawImage(qr, { x: cell.x + padding, y: cell.y + padding, width: qrSize, height: qrSize });
  const textX = cell.x + 2 * padding + qrSize;
  const textWidth = cell.width - (textX - cell.x) - padding;
  const scale = cell.height / 82; // 29 mm label as the reference size
  const lines = [
    { text: label.idflNumber, font: fonts.bold, size: 10 * scale },
    { text: label.sampleCode, font: fonts.regular, size: 8 * scale },
    { text: label.date, font: fonts.regular, size: 8 * scale },
    ...(label.damage ? [{ text: LABEL_WORDS(`damage.${label.damage}`), font: fonts.bold, size: 8 * scale }] : []),
  ];
  let y = cell.y + cell.height - padding - 12 * scale;
  for (const line of lines) {
    const fitted = fitText(line.font.printed(line.text), line.font, textWidth, line.size);
    line.font.draw(page, fitted.text, { x: textX, y, size: fitted.size, color: rgb(0, 0, 0) });
    y -= fitted.size + 6 * scale;
  }
}

/** One PDF of labels in the chosen layout. */
export async function renderLabelsPdf(labels: readonly LabelContent[], layout: LabelLayout): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(labels.length === 1 ? `Label ${labels[0]!.idflNumber}` : `Labels (${labels.length})`);
  pdf.setCreator('Isotope Lab');
  // A client's sample code may be written in Chinese.
  const fonts = await embedUnicodeFonts(pdf, labels.map((label) => label.sampleCode).join(' '));
  const sheet = describeSheet(layout);
  for (const pageLabels of paginateLabels(labels, layout)) {
    const page = pdf.addPage([sheet.pageWidth, sheet.pageHeight]);
    for (const [index, label] of pageLabels.entries()) {
      const qr = await pdf.embedPng(await renderQrPng(label.qrText));
      drawLabel(page, sheet.cells[index]!, label, qr, fonts);
    }
  }
  return pdf.save();
}

const labelColumns = {
  idflNumber: sampleEntry.idflNumber,
  sampleCode: sampleEntry.sampleCode,
  sampleType: sampleEntry.sampleType,
  receivedDate: sampleEntry.receivedDate,
  createdAt: sampleEntry.createdAt,
  receivedCondition: sampleEntry.receivedCondition,
  status: sampleEntry.status,
  dispatchBatchId: sampleEntry.dispatchBatchId,
};

export type LabelSource = { kind: 'sample' | 'booking' | 'dispatch-batch'; id: number };

/**
 * The labels of one sample, of every sample of a booking, or of every sample in a dispatch batch;
 * only of the samples the caller's benches may see.
 */
export async function loadLabels(
  db: Executor,
  source: LabelSource,
  permissions: readonly string[],
  timeZone: string,
): Promise<{ labels: LabelContent[]; name: string }> {
  const describe = (sample: Parameters<typeof describeLabel>[0]) => describeLabel(sample, timeZone);
  if (source.kind === 'sample') {
    const [sample] = await db.select(labelColumns).from(sampleEntry).where(eq(sampleEntry.id, source.id));
    if (!sample) throw notFound('sampleNotFound');
    assertSampleVisible(permissions, sample);
    return { labels: [describe(sample)], name: `label-${sample.idflNumber}.pdf` };
  }
  if (source.kind === 'booking') {
    const [found] = await db
      .select({ bookingNumber: booking.bookingNumber })
      .from(booking)
      .where(eq(booking.id, source.id));
    if (!found) throw notFound('bookingNotFound');
    const all = await db
      .select(labelColumns)
      .from(sampleEntry)
      .where(eq(sampleEntry.bookingId, source.id))
      .orderBy(asc(sampleEntry.idflNumber));
    if (!all.length) {
      throw conflict('bookingHasNoSamples', { bookingNumber: found.bookingNumber });
    }
    const samples = all.filter((sample) => canSeeSample(permissions, sample));
    if (!samples.length) throw notFound('bookingNotFound');
    return { labels: samples.map(describe), name: `labels-${found.bookingNumber}.pdf` };
  }
  const [batch] = await db
    .select({ packageCode: dispatchBatch.packageCode })
    .from(dispatchBatch)
    .where(eq(dispatchBatch.id, source.id));
  if (!batch) throw notFound('batchNotFound');
  const all = await db
    .select(labelColumns)
    .from(sampleEntry)
    .where(eq(sampleEntry.dispatchBatchId, source.id))
    .orderBy(asc(sampleEntry.idflNumber));
  if (!all.length) throw conflict('batchHasNoSamples', { packageCode: batch.packageCode });
  const samples = all.filter((sample) => canSeeSample(permissions, sample));
  if (!samples.length) throw notFound('batchNotFound');
  return { labels: samples.map(describe), name: `labels-${batch.packageCode}.pdf` };
}
