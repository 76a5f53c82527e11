// The certificate of analysis as a PDF: one A4 page with what the laboratory concluded and the QR
// code of the public verification page.
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { describeClient, formatDelta, type CertificateContent } from '../../shared/certificate.ts';
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

function formatIssueDate(iso: string) {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The certificate of analysis as a one-page A4 PDF with the verification QR code. */
export async function renderCertificatePdf(content: CertificateContent, verifyUrl: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Certificate of analysis ${content.idflNumber} v${content.version}`);
  pdf.setAuthor(content.laboratoryName);
  pdf.setCreator(content.laboratoryName);
  const { regular, bold } = await embedUnicodeFonts(pdf);
  const page: PDFPage = pdf.addPage([595.28, 841.89]);
  const { width, height } = page.getSize();
  const margin = 50;
  const text = (value: string, x: number, y: number, size: number, font = regular, color = rgb(0, 0, 0)) =>
    page.drawText(printable(value, font), { x, y, size, font, color });

  // Branding band
  page.drawRectangle({ x: 0, y: height - 90, width, height: 90, color: BRAND });
  text(content.laboratoryName, margin, height - 50, 24, bold, rgb(1, 1, 1));
  text('Stable isotope origin testing laboratory', margin, height - 72, 11, regular, rgb(0.85, 0.92, 0.95));

  let y = height - 135;
  text('Certificate of Analysis', margin, y, 20, bold, BRAND);
  y -= 20;
  text(`Version ${content.version} - issued ${formatIssueDate(content.issuedAt)}`, margin, y, 10, regular, MUTED);
  y -= 30;

  const labelWidth = 150;
  const valueWidth = width - 2 * margin - labelWidth;
  const rows: [string, string][] = [
    ['IDFL number', content.idflNumber],
    ['Sample code', content.sampleCode ?? '-'],
    ['Sample type', content.sampleType ?? '-'],
    ['Client', describeClient(content) ?? '-'],
    ['Carbon (d13C)', formatDelta(content.results.carbon)],
    ['Hydrogen (d2H)', formatDelta(content.results.hydrogen)],
    ['Oxygen (d18O)', formatDelta(content.results.oxygen)],
    ['Conclusion', content.conclusion ?? '-'],
    ['Predicted origin', content.predictedOrigin ?? '-'],
    ['Issue date', formatIssueDate(content.issuedAt)],
    ['Signatory', content.signatory],
  ];
  for (const [label, value] of rows) {
    const lines = wrapText(printable(value, regular), regular, 11, valueWidth).slice(0, 6);
    text(label, margin, y, 11, bold, MUTED);
    for (const line of lines) {
      text(line, margin + labelWidth, y, 11);
      y -= 15;
    }
    y -= 7;
    page.drawLine({
      start: { x: margin, y: y + 12 },
      end: { x: width - margin, y: y + 12 },
      thickness: 0.5,
      color: rgb(0.85, 0.85, 0.85),
    });
  }

  // Signature
  y -= 20;
  text('Signed for the laboratory by', margin, y, 10, regular, MUTED);
  y -= 18;
  text(content.signatory, margin, y, 13, bold);

  // Verification block at the foot of the page
  const qrSize = 120;
  const qr = await pdf.embedPng(await renderQrPng(verifyUrl));
  page.drawImage(qr, { x: width - margin - qrSize, y: margin + 10, width: qrSize, height: qrSize });
  const noteWidth = width - 2 * margin - qrSize - 20;
  let noteY = margin + 110;
  text('Verify this certificate', margin, noteY, 12, bold, BRAND);
  noteY -= 18;
  for (const line of wrapText(
    'Scan the QR code on the certificate or visit our website to verify it.',
    regular,
    10,
    noteWidth,
  )) {
    text(line, margin, noteY, 10);
    noteY -= 14;
  }
  const fittedUrl = fitText(printable(verifyUrl, regular), regular, noteWidth, 8, 5);
  page.drawText(fittedUrl.text, { x: margin, y: noteY - 4, size: fittedUrl.size, font: regular, color: MUTED });
  return pdf.save();
}
