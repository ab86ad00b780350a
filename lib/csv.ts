import Papa from "papaparse";

const NUMBER = /^-?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r|%]/;

/**
 * A spreadsheet runs a cell that starts with =, +, -, @ (or a tab/CR that hides one) as a formula:
 * such text is prefixed with an apostrophe so it stays text. Plain numbers ("-12.50") are left
 * alone so amounts still sum in the spreadsheet.
 */
export function neutraliseFormula(value: string): string {
  if (NUMBER.test(value)) return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** RFC 4180 CSV (CRLF, quotes doubled) with every cell neutralised. */
export function toCsv(headers: readonly string[], rows: ReadonlyArray<ReadonlyArray<string>>): string {
  const safe = rows.map((row) => row.map(neutraliseFormula));
  return Papa.unparse({ fields: headers.map(neutraliseFormula), data: safe }, { newline: "\r\n", quotes: false, escapeFormulae: false });
}
