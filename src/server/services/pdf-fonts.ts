import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

// Every PDF the laboratory issues (certificates of analysis, sample labels) prints names exactly as
// recorded, Vietnamese diacritics included: the standard PDF fonts only speak WinAnsi, so DejaVu
// Sans is embedded instead, subset to the characters each document uses (a few kB per PDF).

const require = createRequire(import.meta.url);
const fontFile = (name: string) => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}`));

let files: { regular: Buffer; bold: Buffer } | undefined;

export type PdfFonts = { regular: PDFFont; bold: PDFFont };

/** Embeds the regular and bold Unicode fonts into a document, subset to the glyphs it draws. */
export async function embedUnicodeFonts(pdf: PDFDocument): Promise<PdfFonts> {
  files ??= { regular: fontFile('DejaVuSans.ttf'), bold: fontFile('DejaVuSans-Bold.ttf') };
  pdf.registerFontkit(fontkit);
  return {
    regular: await pdf.embedFont(files.regular, { subset: true }),
    bold: await pdf.embedFont(files.bold, { subset: true }),
  };
}

/**
 * The text as the font can draw it: any character it has no glyph for (Chinese, with DejaVu) prints
 * as '?' rather than an empty box, so a reader sees that something is missing.
 */
export function printable(text: string, font: PDFFont): string {
  const supported = new Set(font.getCharacterSet());
  return [...text.normalize('NFC')].map((ch) => (ch === '\n' || supported.has(ch.codePointAt(0)!) ? ch : '?')).join('');
}
