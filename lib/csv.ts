/**
 * CSV the way spreadsheets read it safely (RFC 4180 quoting), shared by every export.
 * A cell starting with = + - @ tab or CR would be run as a formula by Excel, LibreOffice or
 * Sheets (CSV injection), so it gets a leading apostrophe and is read as text.
 */

export type CsvColumn<T> = { header: string; value: (row: T) => string | number | boolean | null | undefined };

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

// Some spreadsheets read a full-width ＝ as =, and some trim leading spaces on import: the test is
// made on the cell as such a program would see it.
const looksLikeFormula = (text: string) => FORMULA_START.test(text) || FORMULA_START.test(text.normalize("NFKC").trimStart());

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  // A plain number (e.g. "-12.50") is data, not a formula, and must still sum in a spreadsheet.
  if (looksLikeFormula(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: ReadonlyArray<string | number | boolean | null | undefined>): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/**
 * Excel opens a UTF-8 CSV without a byte-order mark in the machine's ANSI code page, so "Café" or
 * "₦" arrive as mojibake. Every file starts through csvFileStart (toCsv's too), so none goes out without it.
 */
const BYTE_ORDER_MARK = "\uFEFF";

/** The start of a file: the byte-order mark and the header line, for an export that streams its rows after it. */
export function csvFileStart<T>(columns: ReadonlyArray<CsvColumn<T>>): string {
  return BYTE_ORDER_MARK + csvLine(columns.map((c) => c.header));
}

export function csvRows<T>(rows: Iterable<T>, columns: ReadonlyArray<CsvColumn<T>>): string {
  let out = "";
  for (const row of rows) out += csvLine(columns.map((c) => c.value(row)));
  return out;
}

/** The whole file: byte-order mark and header line, then one line per row, CRLF line ends. */
export function toCsv<T>(rows: Iterable<T>, columns: ReadonlyArray<CsvColumn<T>>): string {
  return csvFileStart(columns) + csvRows(rows, columns);
}
