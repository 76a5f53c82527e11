import { spawnSync } from 'node:child_process';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { embedUnicodeFonts } from '../../../src/server/services/documents/pdf-fonts.ts';

// The text layer alone cannot tell a printed name from blank space: pdftotext reads the characters
// back from the font's Unicode map even where the glyph itself was lost (as pdf-lib's subset of Noto
// Sans SC lost every glyph after one of odd length). So the page is rasterised with poppler and every
// character's cell must carry ink.

const NAME = '新疆棉纺织有限公司王小明';
const MIXED = 'Đặng Thị Ữ δ¹⁸O ‰';
const CELL = 30;

/** A grey-scale raster of the PDF's first page (poppler's PGM, 72 dpi: one pixel per point). */
function rasterise(bytes: Uint8Array) {
  const run = spawnSync('pdftoppm', ['-gray', '-r', '72', '-f', '1', '-l', '1', '-'], { input: bytes });
  if (run.error) throw new Error(`pdftoppm is needed (apt-get install poppler-utils): ${run.error.message}`);
  expect(run.status, run.stderr.toString()).toBe(0);
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(run.stdout.toString('latin1', 0, 40))!;
  const [width, height] = [Number(header[1]), Number(header[2])];
  const pixels = run.stdout.subarray(header[0].length);
  /** Dark pixels in the box whose top-left corner is (x, y) from the page's top-left. */
  const ink = (x: number, y: number, w: number, h: number) => {
    let count = 0;
    for (let row = y; row < y + h; row++) {
      for (let column = x; column < x + w; column++) if (pixels[row * width + column]! < 128) count++;
    }
    return count;
  };
  return { width, height, ink };
}

describe('[PDF GLYPHS] every character a document prints is drawn', () => {
  it('draws each Chinese character, regular and bold, from the subset CJK font', async () => {
    const pdf = await PDFDocument.create();
    const { regular, bold } = await embedUnicodeFonts(pdf, NAME);
    const characters = [...NAME];
    const page = pdf.addPage([CELL * (characters.length + 1), 3 * CELL]);
    characters.forEach((character, index) => {
      regular.draw(page, character, { x: CELL * (index + 0.5), y: 2 * CELL + 6, size: 20 });
      bold.draw(page, character, { x: CELL * (index + 0.5), y: CELL + 6, size: 20 });
    });
    const raster = rasterise(await pdf.save());
    characters.forEach((character, index) => {
      const x = Math.round(CELL * (index + 0.5));
      expect(raster.ink(x, 0, CELL, CELL), `${character}, regular`).toBeGreaterThan(20);
      expect(raster.ink(x, CELL, CELL, CELL), `${character}, bold`).toBeGreaterThan(20);
    });
  });

  it('draws Vietnamese and the results’ symbols beside Chinese on one line', async () => {
    const pdf = await PDFDocument.create();
    const { regular } = await embedUnicodeFonts(pdf, `${MIXED} ${NAME}`);
    const characters = [...`${MIXED}${NAME}`].filter((character) => character !== ' ');
    const page = pdf.addPage([CELL * (characters.length + 1), CELL]);
    characters.forEach((character, index) => {
      regular.draw(page, character, { x: CELL * (index + 0.5), y: 8, size: 18 });
    });
    expect(regular.printed(`${MIXED} ${NAME}`)).toBe(`${MIXED} ${NAME}`);
    const raster = rasterise(await pdf.save());
    characters.forEach((character, index) => {
      expect(raster.ink(Math.round(CELL * (index + 0.5)), 0, CELL, CELL), character).toBeGreaterThan(3);
    });
  });
});
