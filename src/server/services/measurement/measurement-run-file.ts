// Reads a measurement run's rows into analyses, whichever of the two layouts the file has:
// - the instrument's own export (Thermo Isodat, EA and TC/EA): one row per peak, several per analysis,
//   the reference-gas pulses among them; columns found by name, in whatever order the export template
//   wrote them;
// - a reduced file: one row per analysis (identifier, position, a raw delta per element).
// Pure: it takes the rows the spreadsheet reader gave and answers the analyses, or a 400 naming why not.
import type { MeasuredElement } from '../../../shared/measurement/measurement.ts';
import { badRequest } from '../../errors.ts';
import type { Cells } from '../documents/spreadsheet-limits.ts';

export type ParsedAnalysis = {
  analysis: number;
  line: number;
  position: number;
  identifier: string;
  tray: string | null;
  amount: number | null;
  raw: Partial<Record<MeasuredElement, number>>;
};

export type ParsedRun = { format: 'isodat' | 'reduced'; analyses: ParsedAnalysis[] };

/** Headers compare without case, spaces, "_", "-" or "." and with δ read as d ("d 13C/12C" = "d13c/12c"). */
const headerKey = (header: string) =>
  header
    .trim()
    .replace(/δ/gi, 'd')
    .replace(/[\s_.-]+/g, '')
    .toLowerCase();

// An element's raw delta column: Isodat's "d 13C/12C" (or "d D/H" in older versions), a reduced
// file's "d13C", "delta 13C" or "δ13C raw".
const deltaHeaders: Record<MeasuredElement, RegExp> = {
  carbon: /^(d|delta)13c/,
  nitrogen: /^(d|delta)15n/,
  hydrogen: /^(d|delta)(2h|d\/h|dh$|d$|deuterium)/,
  oxygen: /^(d|delta)18o/,
  sulfur: /^(d|delta)34s/,
};

// The gas of an Isodat peak says which element its delta belongs to. The CO2 of a combustion run
// carries a d 18O/16O too, but that oxygen comes from the reactor, not the sample: only the CO of a
// TC/EA (pyrolysis) run measures the sample's oxygen.
const gasElements: Record<string, MeasuredElement[]> = {
  co2: ['carbon'],
  n2: ['nitrogen'],
  h2: ['hydrogen'],
  co: ['oxygen'],
  so2: ['sulfur'],
};

const identifierHeaders = ['identifier1', 'identifier', 'sampleid', 'sample', 'id', 'name', 'samplename'];
const trayHeaders = ['identifier2', 'tray', 'traypos', 'trayposition'];
// The run's order, which drift is read against: Isodat's Row, a reduced file's position.
const positionHeaders = ['row', 'position', 'pos', 'line', 'seq', 'sequence', 'runorder', 'order'];

function findColumn(keys: readonly string[], wanted: readonly string[]): number | undefined {
  for (const w of wanted) {
    const at = keys.indexOf(w);
    if (at >= 0) return at;
  }
  return undefined;
}

function numberOf(cell: string | undefined, where: { row: number; column: string }): number | null {
  const text = cell?.trim() ?? '';
  if (text === '' || /^(n\/?a|nan|-+)$/i.test(text)) return null;
  const value = Number(text.replace(/^\+/, ''));
  if (!Number.isFinite(value))
    throw badRequest(
      'runFileBadNumber',
      { row: where.row, column: where.column, value: text.slice(0, 40) },
      { [`rows.${where.row}.${where.column}`]: `"${text.slice(0, 40)}" is not a number` },
    );
  return value;
}

export function parseRunFile(rows: readonly Cells[]): ParsedRun {
  const [header, ...body] = rows;
  if (!header) throw badRequest('runFileEmpty', {}, { file: 'The file is empty' });
  const names = Array.from(header, (h) => (h ?? '').trim());
  const keys = names.map(headerKey);
  const identifierAt = findColumn(keys, identifierHeaders);
  if (identifierAt === undefined)
    throw badRequest('runFileNoIdentifier', {}, { file: 'Name a column Identifier 1, Identifier or Sample' });
  const deltaAt: Partial<Record<MeasuredElement, number>> = {};
  for (const [element, pattern] of Object.entries(deltaHeaders) as [MeasuredElement, RegExp][]) {
    const at = keys.findIndex((k) => pattern.test(k));
    if (at >= 0) deltaAt[element] = at;
  }
  if (Object.keys(deltaAt).length === 0)
    throw badRequest('runFileNoDeltas', {}, { file: 'Name a delta column such as d 13C/12C or d 15N/14N' });

  const isRefAt = keys.findIndex((k) => k.startsWith('isref'));
  const gasAt = keys.findIndex((k) => k.startsWith('gasconfig'));
  const isodat = isRefAt >= 0 || gasAt >= 0 || keys.includes('peaknr');
  const trayAt = findColumn(keys, trayHeaders);
  const amountAt = findColumn(keys, ['amount', 'weight', 'mass', 'amountmg', 'weightmg']);
  // Isodat numbers analyses by Row (run order) and Analysis (the instrument's counter).
  const rowAt = findColumn(keys, positionHeaders);
  const analysisAt = findColumn(keys, ['analysis', 'analysisnr', 'analysisno']);

  const analyses: ParsedAnalysis[] = [];
  const byKey = new Map<string, ParsedAnalysis>();
  body.forEach((cells, i) => {
    const line = i + 2; // the header is line 1, as a spreadsheet shows it
    const identifier = (cells[identifierAt] ?? '').trim();
    if (!identifier) return;
    const where = (at: number) => ({ row: line, column: names[at]! });
    const rowNumber = rowAt === undefined ? null : numberOf(cells[rowAt], where(rowAt));
    const analysisNumber = analysisAt === undefined ? null : numberOf(cells[analysisAt], where(analysisAt));
    // One analysis spans its peaks' rows in an Isodat export; a reduced file has one row each.
    const key = isodat ? `${rowNumber ?? ''}|${analysisNumber ?? ''}|${identifier}` : `${line}`;
    let analysis = byKey.get(key);
    if (!analysis || !isodat) {
      analysis = {
        analysis: analyses.length + 1,
        line,
        position: rowNumber ?? analysisNumber ?? analyses.length + 1,
        identifier: identifier.slice(0, 200),
        tray: trayAt === undefined ? null : (cells[trayAt] ?? '').trim().slice(0, 60) || null,
        amount: amountAt === undefined ? null : numberOf(cells[amountAt], where(amountAt)),
        raw: {},
      };
      analyses.push(analysis);
      byKey.set(key, analysis);
    }
    // A reference-gas pulse reads 0 by definition: it names its analysis (a blank has nothing else) but
    // gives it no value.
    if (isRefAt >= 0 && numberOf(cells[isRefAt], where(isRefAt)) === 1) return;
    const gas = gasAt >= 0 ? (cells[gasAt] ?? '').trim().toLowerCase() : undefined;
    const elements = gas === undefined || gas === '' ? Object.keys(deltaAt) : (gasElements[gas] ?? []);
    for (const element of elements as MeasuredElement[]) {
      const at = deltaAt[element];
      if (at === undefined || analysis.raw[element] !== undefined) continue;
      const value = numberOf(cells[at], where(at));
      if (value !== null) analysis.raw[element] = value;
    }
  });
  if (analyses.length === 0) throw badRequest('runFileEmpty', {}, { file: 'The file has no analyses' });
  return { format: isodat ? 'isodat' : 'reduced', analyses };
}
