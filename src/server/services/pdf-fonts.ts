import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { padGlyphsToEvenLength } from './ttf-glyph-padding.ts';

// Every PDF the laboratory issues (certificates of analysis, custody records, sample labels) prints
// names exactly as recorded, in any script: the standard PDF fonts only speak WinAnsi, so DejaVu
// Sans (Latin, Vietnamese, Greek, the δ¹⁸O of the results) is embedded, and Noto Sans SC beside it
// only when the document's text holds a character DejaVu has not (Chinese, Japanese). Each text is
// drawn in runs, each run in the first font that has its characters. Both are subset to the
// characters a document uses (a few kB per font).

type FontFiles = { regular: Buffer; bold: Buffer };

const require = createRequire(import.meta.url);
const fontFile = (name: string) => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}`));

let dejavu: FontFiles | undefined;

/**
 * Where the CJK font may be, regular and bold: the npm package's TrueType files (resolved from this
 * module, so any working directory will do), else the system's as TrueType files (pdf-lib embeds no
 * font collection, the .ttc Debian's fonts-noto-cjk ships). Noto Sans SC also covers Vietnamese, but
 * not every superscript digit (the ⁸ of δ¹⁸O), hence DejaVu first.
 */
const CJK_FONT_CANDIDATES = [
  {
    regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  },
  {
    regular: '/usr/share/fonts/truetype/noto/NotoSansSC-Regular.ttf',
    bold: '/usr/share/fonts/truetype/noto/NotoSansSC-Bold.ttf',
  },
];

let cjk: Promise<FontFiles | null> | undefined;

async function readCjkFont(): Promise<FontFiles | null> {
  for (const candidate of CJK_FONT_CANDIDATES) {
    try {
      const [regular, bold] = await Promise.all(
        [candidate.regular, candidate.bold].map((file) =>
          readFile(file.startsWith('/') ? file : require.resolve(file)),
        ),
      );
      // Padded so that pdf-lib's subset keeps every glyph (ttf-glyph-padding.ts says why).
      return { regular: padGlyphsToEvenLength(regular!), bold: padGlyphsToEvenLength(bold!) };
    } catch {
      // Not installed there: try the next place.
    }
  }
  return null;
}

/**
 * The CJK font's two files, read (10 MB each) the first time a document needs them and then kept;
 * read without blocking the server's other requests.
 */
const cjkFontFiles = () => (cjk ??= readCjkFont());

export type TextRun = { text: string; font: PDFFont };

type Covering = { font: PDFFont; covers: ReadonlySet<number> };

/** The code points each font file has a glyph for, listed once per file rather than per document. */
const coverage = new WeakMap<Buffer, ReadonlySet<number>>();

function covered(file: Buffer): ReadonlySet<number> {
  let codes = coverage.get(file);
  if (!codes) coverage.set(file, (codes = new Set(fontkit.create(file).characterSet)));
  return codes;
}

async function embed(pdf: PDFDocument, file: Buffer): Promise<Covering> {
  return { font: await pdf.embedFont(file, { subset: true }), covers: covered(file) };
}

export type DrawTextOptions = { x: number; y: number; size: number; color?: Color };

/**
 * A font made of fonts tried in order: each character is drawn with the first that has a glyph for
 * it. A character none has prints '?' rather than an empty box, so a reader sees that something is
 * missing.
 */
export class UnicodeFont {
  constructor(private readonly fonts: readonly [Covering, ...Covering[]]) {}

  /** The text cut where the font that draws it changes (line breaks are drawn as spaces). */
  runs(text: string): TextRun[] {
    const runs: TextRun[] = [];
    for (const character of text.normalize('NFC').replace(/\r?\n/g, ' ')) {
      const code = character.codePointAt(0)!;
      const index = this.fonts.findIndex(({ covers }) => covers.has(code));
      const font = this.fonts[Math.max(index, 0)]!.font;
      const drawn = index < 0 ? '?' : character;
      const last = runs.at(-1);
      if (last?.font === font) last.text += drawn;
      else runs.push({ text: drawn, font });
    }
    return runs;
  }

  widthOfTextAtSize(text: string, size: number): number {
    return this.runs(text).reduce((width, run) => width + run.font.widthOfTextAtSize(run.text, size), 0);
  }

  /** Draws the text on one line from (x, y), run after run. */
  draw(page: PDFPage, text: string, { x, y, size, color }: DrawTextOptions): void {
    let at = x;
    for (const run of this.runs(text)) {
      page.drawText(run.text, { x: at, y, size, font: run.font, color });
      at += run.font.widthOfTextAtSize(run.text, size);
    }
  }

  /** What `draw` prints: '?' for each character no font has. */
  printed(text: string): string {
    return this.runs(text)
      .map((run) => run.text)
      .join('');
  }
}

/**
 * The text in lines no wider than `width`, broken between words; a word wider than a line (a hash, a
 * long code, a name in Chinese, which has no spaces) is cut where the line ends.
 */
export function wrapText(text: string, font: UnicodeFont, size: number, width: number): string[] {
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      let rest = [...word];
      while (rest.length > 1 && !fits(rest.join(''))) {
        let cut = rest.length - 1;
        while (cut > 1 && !fits(rest.slice(0, cut).join(''))) cut--;
        lines.push(rest.slice(0, cut).join(''));
        rest = rest.slice(cut);
      }
      line = rest.join('');
    }
    lines.push(line);
  }
  return lines;
}

export type PdfFonts = { regular: UnicodeFont; bold: UnicodeFont };

/**
 * Embeds the regular and bold fonts into a document, subset to the glyphs it draws. `text` is what
 * the document prints from its records (names, codes, notes; its fixed words are in Latin script):
 * only when it holds a character DejaVu has not and the CJK font has is that font embedded too, so
 * every other document stays as small as with DejaVu alone.
 */
export async function embedUnicodeFonts(pdf: PDFDocument, text = ''): Promise<PdfFonts> {
  pdf.registerFontkit(fontkit);
  dejavu ??= { regular: fontFile('DejaVuSans.ttf'), bold: fontFile('DejaVuSans-Bold.ttf') };
  const regular = await embed(pdf, dejavu.regular);
  const bold = await embed(pdf, dejavu.bold);
  const beyondDejaVu = [...text.normalize('NFC')]
    .map((character) => character.codePointAt(0)!)
    .filter((code) => code !== 10 && !regular.covers.has(code));
  const found = beyondDejaVu.length ? await cjkFontFiles() : null;
  // Only when it draws one of them: a Thai or Hindi name prints '?' with or without it.
  const extra = found && beyondDejaVu.some((code) => covered(found.regular).has(code)) ? found : null;
  if (!extra) return { regular: new UnicodeFont([regular]), bold: new UnicodeFont([bold]) };
  return {
    regular: new UnicodeFont([regular, await embed(pdf, extra.regular)]),
    bold: new UnicodeFont([bold, await embed(pdf, extra.bold)]),
  };
}
