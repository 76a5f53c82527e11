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

  /** Each character's width at 1000 points, measured once: wrapping adds these up. */
  private readonly advances = new Map<string, number>();

  /** The width of each character at `size`, as drawn alone (kerning between them is left out). */
  characterWidths(characters: readonly string[], size: number): number[] {
    return characters.map((character) => {
      let advance = this.advances.get(character);
      if (advance === undefined) this.advances.set(character, (advance = this.widthOfTextAtSize(character, 1000)));
      return (advance * size) / 1000;
    });
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
 * How many characters of `characters` from `start` (at least one) fit, as `fits` judges the text.
 * Found by doubling then halving, so only pieces up to about twice the answer are measured, never
 * the whole rest: the cost follows the length of the piece that fits, not of the text.
 */
export function fittingCount(characters: readonly string[], start: number, fits: (text: string) => boolean): number {
  const left = characters.length - start;
  const fitsFirst = (count: number) => fits(characters.slice(start, start + count).join(''));
  if (left <= 1 || !fitsFirst(2)) return Math.min(1, left);
  let good = 2;
  let bad = left + 1;
  // Doubling: the first count that no longer fits bounds the search.
  while (good < left) {
    const next = Math.min(good * 2, left);
    if (!fitsFirst(next)) {
      bad = next;
      break;
    }
    good = next;
  }
  while (bad - good > 1) {
    const middle = (good + bad) >>> 1;
    if (fitsFirst(middle)) good = middle;
    else bad = middle;
  }
  return good;
}

/**
 * The text in lines no wider than `width`, broken between words; a word wider than a line (a hash, a
 * long code, a name in Chinese, which has no spaces) is cut where the line ends.
 *
 * Takes time linear in the text's length. Lines are filled from each character's advance (measured
 * once per character and font), not by measuring candidate lines: measuring a string lays it out
 * whole, and cutting a long word by re-measuring it a character shorter each time made one
 * 1,000-character sample type hold the server for twenty seconds. Each finished line is then
 * measured once for real, and one that kerning made wider is cut again.
 */
export function wrapText(text: string, font: UnicodeFont, size: number, width: number): string[] {
  const [space] = font.characterWidths([' '], size) as [number];
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line: string[] = [];
    let lineWidth = 0;
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const characters = [...word];
      const widths = font.characterWidths(characters, size);
      const wordWidth = widths.reduce((sum, each) => sum + each, 0);
      const joined = line.length ? lineWidth + space + wordWidth : wordWidth;
      if (joined <= width) {
        if (line.length) line.push(' ');
        line.push(...characters);
        lineWidth = joined;
        continue;
      }
      if (line.length) lines.push(line.join(''));
      // The word alone is wider than a line: as many characters as fit (at least one) per line.
      let start = 0;
      for (;;) {
        let end = start;
        let taken = 0;
        while (end < characters.length && (end === start || taken + widths[end]! <= width)) taken += widths[end++]!;
        if (end >= characters.length) {
          line = characters.slice(start);
          lineWidth = taken;
          break;
        }
        lines.push(characters.slice(start, end).join(''));
        start = end;
      }
    }
    lines.push(line.join(''));
  }
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  return lines.flatMap((line) => (fits(line) ? [line] : recut(line, fits)));
}

/** A line its characters' advances said fits but its laid-out width does not, cut by measuring. */
function recut(line: string, fits: (text: string) => boolean): string[] {
  const characters = [...line];
  const parts: string[] = [];
  for (let start = 0; start < characters.length;) {
    const count = fittingCount(characters, start, fits);
    parts.push(characters.slice(start, start + count).join(''));
    start += count;
  }
  return parts;
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
