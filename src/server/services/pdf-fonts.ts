import { existsSync, readFileSync } from 'node:fs';
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

/** Han, kana, Hangul and CJK punctuation: scripts DejaVu Sans has no glyph for. */
const CJK = /[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]|[\u{20000}-\u{2FA1F}]/u;

export const needsCjkFont = (text: string) => CJK.test(text);

/**
 * Where a CJK font (one that also covers Latin and Vietnamese, as Noto Sans SC does) may be: a
 * package's TrueType/OpenType file, or the system's. None is installed today, and then a CJK name
 * still prints '?' (printable). Read once, only when a document needs it.
 */
const CJK_FONT_CANDIDATES = [
  'noto-sans-sc/fonts/NotoSansSC-Regular.otf',
  '/usr/share/fonts/opentype/noto/NotoSansSC-Regular.otf',
  '/usr/share/fonts/truetype/noto/NotoSansSC-Regular.ttf',
];

let cjkFile: Buffer | null | undefined;

function cjkFontFile(): Buffer | null {
  if (cjkFile !== undefined) return cjkFile;
  cjkFile = null;
  for (const candidate of CJK_FONT_CANDIDATES) {
    try {
      const path = candidate.startsWith('/') ? candidate : require.resolve(candidate);
      if (existsSync(path)) {
        cjkFile = readFileSync(path);
        break;
      }
    } catch {
      // Not installed: try the next place.
    }
  }
  return cjkFile;
}

/**
 * Embeds the regular and bold Unicode fonts into a document, subset to the glyphs it draws. When
 * `text` (what the document prints from its record) holds Chinese, Japanese or Korean and a CJK font
 * is installed, that font is embedded instead (its subset): only such documents carry it, so the
 * others stay as small as with DejaVu alone.
 */
export async function embedUnicodeFonts(pdf: PDFDocument, text = ''): Promise<PdfFonts> {
  pdf.registerFontkit(fontkit);
  const cjk = needsCjkFont(text) ? cjkFontFile() : null;
  if (cjk) {
    const font = await pdf.embedFont(cjk, { subset: true });
    return { regular: font, bold: font };
  }
  files ??= { regular: fontFile('DejaVuSans.ttf'), bold: fontFile('DejaVuSans-Bold.ttf') };
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
