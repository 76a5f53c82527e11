// The one rule for every cell the product writes into a CSV or XLSX file (reports, the reference
// export). A spreadsheet reads a text cell that begins with =, +, -, @, a tab or a carriage return
// as a formula, so text typed by anyone (a sample code, a source, an imported reference cell) could
// run in the reader's Excel: `=HYPERLINK(…)`, `+cmd|' /C calc'!A0`. Following OWASP's CSV injection
// guidance such a cell is written with a leading single quote, which the spreadsheet shows as text.
// Numbers, dates and booleans are written as they are: a δ13C of -25.3 stays the number -25.3.
// A spreadsheet whose list separator is ";" (Vietnamese and most European Excel) splits a CSV line
// on ";" as well as on ",", so a cell is judged by every part a ";", "," or tab could cut from it:
// "Cotton;=HYPERLINK(…)" is quoted too. A part that is a plain number ("-27.05") is a number, not a
// formula.

const separators = /[;,\t]/;
const formulaLead = /^\s*[=+\-@\t\r]/;
const plainNumber = /^\s*[-+]?\d+(\.\d+)?\s*$/;

const startsFormula = (part: string) => formulaLead.test(part) && !plainNumber.test(part);

/** Text a spreadsheet would run as a formula, read whole or cut at any ";", "," or tab. */
function isFormulaText(text: string): boolean {
  if (/^[\t\r]/.test(text)) return true;
  return startsFormula(text) || text.split(separators).some(startsFormula);
}

/** A cell as it may be written: text that a spreadsheet would read as a formula gets a leading quote. */
export function spreadsheetCell<T>(value: T): T | string {
  return typeof value === 'string' && isFormulaText(value) ? `'${value}` : value;
}

const needsQuotes = /[",;\t\r\n]|^ | $/;

/** One CSV field: made safe first, then quoted (quotes doubled) when it holds a separator, quote, line break or edge space. */
function csvField(value: unknown): string {
  const safe = spreadsheetCell(value);
  if (safe === null || safe === undefined) return '';
  const text = safe instanceof Date ? safe.toISOString() : String(safe);
  return needsQuotes.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Rows as CSV lines joined by CRLF, every cell made safe first. Written here rather than through
 * papaparse's unparse: its `escapeFormulae` misses a formula followed by a line break in the same
 * cell, and a report's thousands of rows went through it at about a third of the file's time.
 */
export function csvLines(rows: readonly (readonly unknown[])[]): string {
  let text = '';
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    if (r > 0) text += '\r\n';
    for (let c = 0; c < row.length; c++) text += c === 0 ? csvField(row[c]) : `,${csvField(row[c])}`;
  }
  return text;
}
