// The certificate of analysis as a PDF: A4, one page where it fits, carrying what ISO/IEC 17025
// §7.8 asks of a test report, the origin analysis' verdict with its decision rules, and the QR code
// of the public verification page.
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import {
  describeClient,
  formatDelta,
  type CertificateContent,
  type CertificateOrigin,
} from '../../shared/certificate.ts';
import { formatDisplayDate } from '../../shared/display-date.ts';
import { fitText, renderQrPng } from './labels.ts';
import { embedUnicodeFonts, printable } from './pdf-fonts.ts';

const BRAND = rgb(0.09, 0.33, 0.45);
const MUTED = rgb(0.4, 0.4, 0.4);

function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

// A certificate's days in the one date form (shared/display-date.ts), as on its verification page;
// a moment is read on its UTC calendar day, as the certificate has always been dated.
const formatIssueDate = (iso: string) => formatDisplayDate(iso, 'en');

const percent = (value: number | null | undefined) => (value == null ? '—' : `${(value * 100).toFixed(1)} %`);
const formatDay = (iso: string | null | undefined) => (iso ? formatIssueDate(iso) : '—');

/** The statement of the origin analysis and the decision rules behind each verdict (ISO/IEC 17025 §7.8.6, §7.8.7). */
function originLines(content: CertificateContent): [string, string][] {
  const origin = content.origin;
  if (!origin) {
    return [
      ['Origin assessment', 'No origin analysis by the model is part of this certificate.'],
      ...(content.originReason ? ([['Basis of the opinion', content.originReason]] as [string, string][]) : []),
    ];
  }
  const th = origin.thresholds;
  const verdict = (c: NonNullable<CertificateOrigin['claimed']>) =>
    `${c.verdict} (probability ${percent(c.probability)}${c.isKnownRegion ? '' : '; too few reference records of this region'})`;
  const rows: [string, string][] = [
    [
      'Predicted origin',
      origin.isAtypical || !origin.prediction
        ? 'No region fits: the sample is atypical of every region of the reference set.'
        : `${origin.prediction} (probability ${percent(origin.leadingRegions[0]?.probability)})`,
    ],
    ['Leading regions', origin.leadingRegions.map((r) => `${r.region} ${percent(r.probability)}`).join('; ') || '—'],
  ];
  if (origin.claimed) rows.push([`Claimed origin (${origin.claimed.region})`, verdict(origin.claimed)]);
  rows.push([`Xinjiang origin`, verdict(origin.xinjiang)]);
  rows.push([
    'Decision rules',
    `Consistent: the region's probability is at least ${percent(th.consistentProbability)} and the sample is typical of it (typicality p ≥ ${th.typicalPValue}). ` +
      `Inconsistent: probability below ${percent(th.inconsistentProbability)}, or typicality p < ${th.atypicalPValue}. Otherwise inconclusive. ` +
      `Atypical ("no region fits"): typicality p < ${th.atypicalPValue} in every region.`,
  ]);
  if (content.originReason) rows.push(['Basis of the opinion', content.originReason]);
  return rows;
}

/** The certificate of analysis as an A4 PDF (one page where it fits), with the verification QR code. */
export async function renderCertificatePdf(content: CertificateContent, verifyUrl: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Certificate of analysis ${content.idflNumber} v${content.version}`);
  pdf.setAuthor(content.laboratoryName);
  pdf.setCreator(content.laboratoryName);
  const { regular, bold } = await embedUnicodeFonts(pdf);
  const [pageWidth, pageHeight] = [595.28, 841.89];
  const margin = 42;
  const footer = 36;
  let page: PDFPage = pdf.addPage([pageWidth, pageHeight]);
  const text = (value: string, x: number, y: number, size: number, font = regular, color = rgb(0, 0, 0)) =>
    page.drawText(printable(value, font), { x, y, size, font, color });

  // Branding band
  page.drawRectangle({ x: 0, y: pageHeight - 70, width: pageWidth, height: 70, color: BRAND });
  text(content.laboratoryName, margin, pageHeight - 36, 20, bold, rgb(1, 1, 1));
  text(
    content.laboratoryAddress ?? 'Stable isotope origin testing laboratory',
    margin,
    pageHeight - 56,
    9,
    regular,
    rgb(0.85, 0.92, 0.95),
  );

  let y = pageHeight - 94;
  text('Certificate of Analysis', margin, y, 16, bold, BRAND);
  y -= 14;
  const versionLine = `Report No. ${content.idflNumber} - version ${content.version}${content.supersedesVersion ? ` - supersedes version ${content.supersedesVersion}` : ''} - issued ${formatIssueDate(content.issuedAt)}`;
  text(versionLine, margin, y, 9, regular, MUTED);
  y -= 16;

  const labelWidth = 130;
  const valueWidth = pageWidth - 2 * margin - labelWidth;
  const size = 8.5;
  const lineHeight = 10.5;
  const newPageIfNeeded = (needed: number, bottom: number) => {
    if (y - needed >= bottom) return;
    page = pdf.addPage([pageWidth, pageHeight]);
    y = pageHeight - margin;
  };
  const heading = (title: string) => {
    newPageIfNeeded(30, footer + 160);
    y -= 4;
    text(title, margin, y, 10, bold, BRAND);
    y -= 13;
  };
  const row = (label: string, value: string) => {
    const lines = wrapText(printable(value, regular), regular, size, valueWidth);
    newPageIfNeeded(lines.length * lineHeight + 2, footer + 20);
    text(label, margin, y, size, bold, MUTED);
    for (const line of lines) {
      text(line, margin + labelWidth, y, size);
      y -= lineHeight;
    }
    y -= 2;
  };

  heading('Client and item');
  row('Client', describeClient(content) ?? '-');
  row('Client address', content.clientAddress || '-');
  row('Item', content.itemDescription || content.sampleCode || '-');
  row('Sample type', content.sampleType ?? '-');
  row('IDFL number', content.idflNumber);
  row('Date of receipt', formatDay(content.receivedDate));
  row('Date of measurement', formatDay(content.measuredDate));
  row('Date of issue', formatIssueDate(content.issuedAt));

  heading('Method');
  const origin = content.origin;
  row(
    'Isotope ratios',
    `Stable-isotope ratio measurement by the external laboratory ${content.externalLaboratory ?? '(not named)'}, a provider subcontracted by the laboratory.`,
  );
  row(
    'Origin assessment',
    origin
      ? `${origin.modelName}, version ${origin.modelVersion} (analysis of ${formatIssueDate(origin.analysisDate)}).`
      : 'Not made by the model.',
  );
  if (origin) {
    const set = origin.referenceSet;
    row(
      'Reference set',
      `${set.material}: ${set.recordCount} reference records of ${set.regionCount} regions, version ${set.version}.`,
    );
    row(
      'Validated performance',
      origin.validation
        ? `Accuracy ${percent(origin.validation.accuracy)}, log loss ${origin.validation.logLoss.toFixed(3)} (${origin.validation.method} cross-validation on ${origin.validation.sampleCount} records).`
        : 'The model report was not available when the certificate was issued.',
    );
  }

  heading('Results');
  row('δ¹³C ‰ VPDB', formatDelta(content.results.carbon));
  row('δ²H ‰ VSMOW', formatDelta(content.results.hydrogen));
  row('δ¹⁸O ‰ VSMOW', formatDelta(content.results.oxygen));

  heading('Origin');
  for (const [label, value] of originLines(content)) row(label, value);
  row('Conclusion', content.conclusion ?? '-');
  if (content.predictedOrigin && content.predictedOrigin !== origin?.prediction) {
    row("Laboratory's predicted origin", content.predictedOrigin);
  }
  y -= 2;
  newPageIfNeeded(14, footer + 150);
  text('The results relate only to the item tested, as received.', margin, y, size, bold);
  y -= 16;

  // Signature and verification block at the foot of the last page
  const qrSize = 100;
  newPageIfNeeded(qrSize + 20, footer);
  const blockTop = Math.min(y, footer + qrSize + 16);
  text('Signed for the laboratory by', margin, blockTop, size, regular, MUTED);
  text(content.signatory, margin, blockTop - 14, 11, bold);
  const qr = await pdf.embedPng(await renderQrPng(verifyUrl));
  page.drawImage(qr, { x: pageWidth - margin - qrSize, y: footer + 8, width: qrSize, height: qrSize });
  const noteWidth = pageWidth - 2 * margin - qrSize - 20;
  let noteY = blockTop - 36;
  text('Verify this certificate', margin, noteY, 10, bold, BRAND);
  noteY -= 13;
  for (const line of wrapText(
    'Scan the QR code on the certificate or visit our website to verify it.',
    regular,
    8.5,
    noteWidth,
  )) {
    text(line, margin, noteY, 8.5);
    noteY -= 11;
  }
  const fittedUrl = fitText(printable(verifyUrl, regular), regular, noteWidth, 8, 5);
  page.drawText(fittedUrl.text, { x: margin, y: noteY - 2, size: fittedUrl.size, font: regular, color: MUTED });

  // Page x of y on every page, with the report number, once the number of pages is known.
  const pages = pdf.getPages();
  pages.forEach((each, index) => {
    each.drawText(
      printable(`Report No. ${content.idflNumber} v${content.version} - Page ${index + 1} of ${pages.length}`, regular),
      {
        x: margin,
        y: 18,
        size: 7.5,
        font: regular,
        color: MUTED,
      },
    );
  });
  return pdf.save();
}
