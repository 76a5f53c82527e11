import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import { PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';

// Reads QR codes back out of our PDFs (labels, certificates): they embed each QR code as an RGB
// image XObject, so inflating its pixels and handing them to jsQR proves what a phone would read.

type PdfImage = { width: number; height: number; rgba: Uint8ClampedArray };

function numberOf(stream: PDFRawStream, key: string) {
  return (stream.dict.lookup(PDFName.of(key), PDFNumber) as PDFNumber).asNumber();
}

export async function extractImages(pdfBytes: Uint8Array): Promise<PdfImage[]> {
  const pdf = await PDFDocument.load(pdfBytes);
  const images: PdfImage[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    if (object.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    const colorSpace = object.dict.get(PDFName.of('ColorSpace'));
    // The alpha masks are DeviceGray images of their own; the QR itself is the RGB one.
    if (colorSpace !== PDFName.of('DeviceRGB')) continue;
    const width = numberOf(object, 'Width');
    const height = numberOf(object, 'Height');
    const rgb = inflateSync(object.contents);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0, j = 0; i < width * height; i++) {
      rgba[j++] = rgb[i * 3]!;
      rgba[j++] = rgb[i * 3 + 1]!;
      rgba[j++] = rgb[i * 3 + 2]!;
      rgba[j++] = 255;
    }
    images.push({ width, height, rgba });
  }
  return images;
}

/** Every QR code text found in the PDF's images, in the order the objects appear. */
export async function readQrCodes(pdfBytes: Uint8Array): Promise<string[]> {
  const texts: string[] = [];
  for (const image of await extractImages(pdfBytes)) {
    const code = jsQR(image.rgba, image.width, image.height);
    if (code) texts.push(code.data);
  }
  return texts;
}
