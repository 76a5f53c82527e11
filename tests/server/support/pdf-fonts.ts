import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';

// The fonts a PDF carries, whether or not a page draws with them (poppler's pdffonts lists only
// those a page uses): what tells a document's size apart from what it shows.

/** The base names of the fonts embedded in the PDF, without pdf-lib's subset suffix, sorted. */
export async function embeddedFontNames(pdfBytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(pdfBytes);
  const names: string[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('Font')) continue;
    if (object.get(PDFName.of('Subtype')) !== PDFName.of('Type0')) continue;
    const base = object.get(PDFName.of('BaseFont'));
    if (base instanceof PDFName) names.push(base.decodeText().replace(/-\d+$/, ''));
  }
  return names.sort();
}
