import Papa from 'papaparse';

// The one rule for every cell the product writes into a CSV or XLSX file (reports, the reference
// export). A spreadsheet reads a text cell that begins with =, +, -, @, a tab or a carriage return
// as a formula, so text typed by anyone (a sample code, a source, an imported reference cell) could
// run in the reader's Excel: `=HYPERLINK(…)`, `+cmd|' /C calc'!A0`. Following OWASP's CSV injection
// guidance such a cell is written with a leading single quote, which the spreadsheet shows as text.
// Numbers, dates and booleans are written as they are: a δ13C of -25.3 stays the number -25.3.

const formulaLead = /^[=+\-@\t\r]/;

/** A cell as it may be written: text that a spreadsheet would read as a formula gets a leading quote. */
export function spreadsheetCell<T>(value: T): T | string {
  return typeof value === 'string' && formulaLead.test(value) ? `'${value}` : value;
}

/** Every value of a row (as an object, for exceljs's keyed columns) made safe for a spreadsheet. */
export function spreadsheetRow<T extends Record<string, unknown>>(row: T): T {
  const safe: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) safe[key] = spreadsheetCell(value);
  return safe as T;
}

/**
 * Rows as CSV lines (papaparse quotes and escapes), every cell made safe first. Papaparse's own
 * `escapeFormulae` is not used: it misses a formula followed by a line break in the same cell.
 */
export function csvLines(rows: readonly (readonly unknown[])[]): string {
  return Papa.unparse(
    rows.map((row) => row.map(spreadsheetCell)),
    { newline: '\r\n' },
  );
}
