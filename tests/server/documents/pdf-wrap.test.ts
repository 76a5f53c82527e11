import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { embedUnicodeFonts, wrapText, type PdfFonts } from '../../../src/server/services/documents/pdf-fonts.ts';
import { fitText } from '../../../src/server/services/samples/labels.ts';

// A field typed without spaces (a public order form's sample type, a staff member's note) is cut
// into lines where each line ends. Cutting used to try one character less at a time, re-measuring
// the rest each time: a 1,000-character word held the server for seconds. These tests time the
// wrapping of n and 4n characters: linear work takes about 4 times as long, quadratic 16.

let fonts: PdfFonts;

beforeAll(async () => {
  fonts = await embedUnicodeFonts(await PDFDocument.create());
});

/** The fastest of a few runs, in milliseconds: the least disturbed by the rest of the machine. */
function fastest(run: () => void, times = 3): number {
  let best = Infinity;
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

const WIDTH = 300;
const SIZE = 9;

describe('[PDF WRAP] long words are cut into lines in linear time', () => {
  it('cuts a word of any length into lines that each fit and together read the whole word', () => {
    const word = 'Bông'.repeat(250);
    const lines = wrapText(`Loại: ${word} xong`, fonts.regular, SIZE, WIDTH);
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(fonts.regular.widthOfTextAtSize(line, SIZE)).toBeLessThanOrEqual(WIDTH);
    expect(lines.join(' ').replace(/\s/g, '')).toBe(`Loại:${word}xong`);
    // Each cut line is full: one more character would not have fitted.
    const cut = lines.slice(1, -2);
    for (const [i, line] of cut.entries()) {
      const next = lines[i + 2]!;
      expect(fonts.regular.widthOfTextAtSize(line + [...next][0], SIZE)).toBeGreaterThan(WIDTH);
    }
  });

  it('takes about four times as long for a word four times as long, not sixteen', () => {
    const short = 'x'.repeat(2_000);
    const long = 'x'.repeat(8_000);
    wrapText(short, fonts.regular, SIZE, WIDTH); // warm up the font's caches and the compiler
    const shortMs = fastest(() => wrapText(short, fonts.regular, SIZE, WIDTH));
    const longMs = fastest(() => wrapText(long, fonts.regular, SIZE, WIDTH));
    // Generous for a busy machine: quadratic work would be near 16.
    expect(longMs / Math.max(shortMs, 0.5)).toBeLessThan(9);
    // And fast in absolute terms: 8,000 characters in well under a second.
    expect(longMs).toBeLessThan(1_000);
  });

  it('wraps many short words in linear time too', () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `từ${i % 97}`).join(' ');
    const short = words(1_000);
    const long = words(4_000);
    wrapText(short, fonts.regular, SIZE, WIDTH);
    const shortMs = fastest(() => wrapText(short, fonts.regular, SIZE, WIDTH));
    const longMs = fastest(() => wrapText(long, fonts.regular, SIZE, WIDTH));
    expect(longMs / Math.max(shortMs, 0.5)).toBeLessThan(9);
  });

  it('cuts a label text too long for its line with an ellipsis, in linear time', () => {
    const fitted = fitText('y'.repeat(8_000), fonts.regular, 100, 8);
    expect(fitted.text.endsWith('…')).toBe(true);
    expect(fonts.regular.widthOfTextAtSize(fitted.text, fitted.size)).toBeLessThanOrEqual(100);
    expect(fonts.regular.widthOfTextAtSize(`y${fitted.text}`, fitted.size)).toBeGreaterThan(100);
    const shortMs = fastest(() => fitText('y'.repeat(2_000), fonts.regular, 100, 8));
    const longMs = fastest(() => fitText('y'.repeat(8_000), fonts.regular, 100, 8));
    expect(longMs / Math.max(shortMs, 0.5)).toBeLessThan(9);
  });
});
