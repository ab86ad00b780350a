/**
 * CSV the way spreadsheets read it safely (RFC 4180 quoting), shared by every export.
 * A cell starting with = + - @ tab or CR would be run as a formula by Excel, LibreOffice or
 * Sheets (CSV injection), so it gets a leading apostrophe and is read as text. So does each piece
 * of a cell a spreadsheet may split off as a cell of its own (see INNER_SEPARATOR).
 */

export type CsvColumn<T> = { header: string; value: (row: T) => string | number | boolean | null | undefined };

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

// Some spreadsheets read a full-width ＝ as =, and some trim leading spaces on import: the test is
// made on the cell as such a program would see it.
const looksLikeFormula = (text: string) => FORMULA_START.test(text) || FORMULA_START.test(text.normalize("NFKC").trimStart());

/**
 * Where a spreadsheet may start a new cell inside ours: Excel splits on ";" where it is the locale's
 * list separator (most of Europe), whatever the file's delimiter, and a paste or an import splits
 * on tabs and line breaks. The forms NFKC reads as ";" (Greek question mark, small and full-width
 * semicolons) count too, as the test below is made on the text as such a program would see it.
 */
const INNER_SEPARATOR = /([;\t\r\n\u037E\uFE54\uFF1B])/;

/**
 * A piece after a separator is tested as a cell start would be, with any quotes before the sign
 * skipped too (how each spreadsheet reads a split-off piece starting `"=` is not to be relied on). A minus
 * is let through only when the whole piece is a plain number ("Refund;-12.50" still sums):
 * "-2+3+cmd|' /C calc'!A0" starts with a minus and a digit and is a formula all the same, and
 * text such as " -5 items" is read as text with the apostrophe as without it.
 */
function piecesNeutralised(text: string): string {
  const parts = text.split(INNER_SEPARATOR);
  // parts alternate piece, separator, piece…: the first piece is the cell start, tested by csvCell.
  for (let i = 2; i < parts.length; i += 2) {
    const piece = parts[i]!;
    const unquoted = piece.normalize("NFKC").replace(/^[\s"]+/, "");
    if (FORMULA_START.test(unquoted) && !PLAIN_NUMBER.test(piece.trim())) parts[i] = `'${piece}`;
  }
  return parts.join("");
}

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  // A plain number (e.g. "-12.50") is data, not a formula, and must still sum in a spreadsheet.
  if (looksLikeFormula(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  if (INNER_SEPARATOR.test(text)) text = piecesNeutralised(text);
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
