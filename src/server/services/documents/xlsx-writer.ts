import { zipStream, type EntryContent } from './zip-writer.ts';

// A streaming XLSX writer for the report files: the few parts a spreadsheet needs (workbook,
// styles, sheets), each sheet's XML written a batch of rows at a time into the ZIP stream. Why not
// exceljs's streaming WorkbookWriter: profiled on 4,300 report rows it took ~250 ms of CPU (~50×
// a bare indexed count on its own), most of it finding each cell's style by serialising its
// style model (styles-xform addStyleModel) and building XML node by node; without styles (no date
// cells) still ~75 ms. Here a cell's style is a fixed index and a row is one string.

/** The styles a report uses; their index in styles.xml's cellXfs is their place in this list. */
const styleNames = ['plain', 'header', 'date', 'grams', 'bold', 'title', 'days', 'boldGrams', 'dateLeft'] as const;
type XlsxStyle = (typeof styleNames)[number];
const styleIndex = Object.fromEntries(styleNames.map((name, index) => [name, index])) as Record<XlsxStyle, number>;

type XlsxValue = string | number | Date | null | undefined;
export type XlsxCell = XlsxValue | { value: XlsxValue; style: XlsxStyle };
/** A row's cells from column A; a styled row (a heading, a total) styles its empty cells too. */
export type XlsxRow = XlsxCell[] | { cells: XlsxCell[]; style: XlsxStyle };

export type XlsxSheet = {
  name: string;
  /** Width in characters, and the style of a number in the column (a date is always a date). */
  columns: { width: number; style?: XlsxStyle }[];
  /** Heading rows kept in view while scrolling. */
  frozenRows: number;
  /** A range such as A1:L1: the heading row carries the spreadsheet's filter buttons. */
  autoFilter?: string;
  /** A range whose numbers are drawn as data bars (a chart inside the cells). */
  dataBars?: string;
  /** The rows, a batch at a time. */
  rows: AsyncIterable<XlsxRow[]> | Iterable<XlsxRow[]>;
};

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

// eslint-disable-next-line no-control-regex -- the control characters XML 1.0 cannot hold
const forbidden = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g;

/** Text as XML: escaped, and without the control characters XML 1.0 cannot hold. */
function xmlText(text: string) {
  return text
    .replace(forbidden, '')
    .replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}

/** A spreadsheet's column letters: A … Z, AA … */
export function columnLetter(index: number) {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** Days since 30 December 1899, the spreadsheet's date serial, from a moment in UTC. */
const dateSerial = (date: Date) => date.getTime() / 86_400_000 + 25_569;

function cellXml(ref: string, cell: XlsxCell, fallback: number, columnStyle: number) {
  const styled = cell !== null && typeof cell === 'object' && !(cell instanceof Date);
  const value = styled ? cell.value : cell;
  const explicit = styled ? styleIndex[cell.style] : fallback;
  if (value === null || value === undefined || value === '') return explicit ? `<c r="${ref}" s="${explicit}"/>` : '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    const s = explicit || columnStyle;
    return `<c r="${ref}"${s ? ` s="${s}"` : ''}><v>${value}</v></c>`;
  }
  if (value instanceof Date) {
    const s = explicit && explicit !== styleIndex.bold ? explicit : styleIndex.date;
    return `<c r="${ref}" s="${s}"><v>${dateSerial(value)}</v></c>`;
  }
  const space = /^\s|\s$/.test(value) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${explicit ? ` s="${explicit}"` : ''} t="inlineStr"><is><t${space}>${xmlText(value)}</t></is></c>`;
}

async function* sheetXml(sheet: XlsxSheet, selected: boolean): AsyncGenerator<string> {
  const letters = sheet.columns.map((_, index) => columnLetter(index));
  const columnStyles = sheet.columns.map((c) => (c.style ? styleIndex[c.style] : 0));
  const pane = sheet.frozenRows
    ? `<pane ySplit="${sheet.frozenRows}" topLeftCell="A${sheet.frozenRows + 1}" activePane="bottomLeft" state="frozen"/>`
    : '';
  const cols = sheet.columns
    .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`)
    .join('');
  yield `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetViews><sheetView workbookViewId="0"${selected ? ' tabSelected="1"' : ''}>${pane}</sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>`;
  let r = 0;
  for await (const batch of sheet.rows) {
    let xml = '';
    for (const row of batch) {
      r += 1;
      const cells = Array.isArray(row) ? row : row.cells;
      const rowStyle = Array.isArray(row) ? 0 : styleIndex[row.style];
      xml += rowStyle ? `<row r="${r}" s="${rowStyle}" customFormat="1">` : `<row r="${r}">`;
      for (let c = 0; c < cells.length; c++)
        xml += cellXml(`${letters[c] ?? columnLetter(c)}${r}`, cells[c], rowStyle, columnStyles[c] ?? 0);
      xml += '</row>';
    }
    yield xml;
  }
  let tail = '</sheetData>';
  if (sheet.autoFilter) tail += `<autoFilter ref="${sheet.autoFilter}"/>`;
  if (sheet.dataBars)
    tail += `<conditionalFormatting sqref="${sheet.dataBars}"><cfRule type="dataBar" priority="1"><dataBar><cfvo type="num" val="0"/><cfvo type="max"/><color rgb="FF5B8DD6"/></dataBar></cfRule></conditionalFormatting>`;
  yield `${tail}<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>`;
}

// numFmt 164: a date and time in the app's form; 165: grams; 166: days to a tenth.
const STYLES = `${XML}<styleSheet xmlns="${MAIN}"><numFmts count="3"><numFmt numFmtId="164" formatCode="d mmmm yyyy hh:mm"/><numFmt numFmtId="165" formatCode="#,##0.###"/><numFmt numFmtId="166" formatCode="0.0"/></numFmts><fonts count="3"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="14"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill><fill><patternFill patternType="solid"><fgColor rgb="FFE8EEF7"/><bgColor indexed="64"/></patternFill></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="${styleNames.length}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="2" borderId="0" xfId="0" applyFont="1" applyFill="1" applyAlignment="1"><alignment vertical="center" wrapText="1"/></xf><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="0" fontId="2" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1" applyNumberFormat="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyAlignment="1"><alignment horizontal="left"/></xf></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/** A sheet's name in a formula: quoted, a quote doubled. */
const sheetRef = (name: string) => `'${xmlText(name).replace(/'/g, "''")}'`;

function packageParts(sheets: XlsxSheet[], creator: string, created: Date): [string, string][] {
  const iso = created.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const sheetTypes = sheets
    .map(
      (_, i) =>
        `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    )
    .join('');
  const filters = sheets
    .map((s, i) =>
      s.autoFilter
        ? `<definedName name="_xlnm._FilterDatabase" localSheetId="${i}" hidden="1">${sheetRef(s.name)}!${s.autoFilter.replace(/([A-Z]+)(\d+)/g, '$$$1$$$2')}</definedName>`
        : '',
    )
    .join('');
  return [
    [
      '[Content_Types].xml',
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${sheetTypes}<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`,
    ],
    [
      'docProps/core.xml',
      `${XML}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:creator>${xmlText(creator)}</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${iso}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${iso}</dcterms:modified></cp:coreProperties>`,
    ],
    [
      'xl/workbook.xml',
      `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><bookViews><workbookView activeTab="0"/></bookViews><sheets>${sheets.map((s, i) => `<sheet name="${xmlText(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets>${filters ? `<definedNames>${filters}</definedNames>` : ''}</workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML}<Relationships xmlns="${PKG_REL}">${sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('')}<Relationship Id="rId${sheets.length + 1}" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    ],
    ['xl/styles.xml', STYLES],
  ];
}

/**
 * The workbook as a stream of bytes. Sheets are written in order, each as its rows arrive; a
 * later sheet's rows are not asked for before the earlier sheets are written.
 */
export function xlsxStream(sheets: XlsxSheet[], creator: string, created: Date): AsyncGenerator<Buffer> {
  async function* entries(): AsyncGenerator<[string, EntryContent]> {
    yield* packageParts(sheets, creator, created);
    for (const [index, sheet] of sheets.entries())
      yield [`xl/worksheets/sheet${index + 1}.xml`, sheetXml(sheet, index === 0)];
  }
  return zipStream(entries());
}
