import fc from "fast-check";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { csvCell, csvFileStart, toCsv } from "./csv";

// Printable ASCII, and text made of what the neutralising is about: separators, signs, digits, quotes and spaces.
const cellText = fc.oneof(
  fc.string(),
  fc.string({ unit: fc.constantFrom(";", "\t", "\r", "\n", "=", "-", "+", "@", "＝", "；", "1", ".", " ", "\u3000", '"', ",", "'", "a") }),
);

describe("toCsv", () => {
  it("neutralises cells that a spreadsheet would run as a formula", () => {
    for (const evil of ["=1+1", "+1", "-2+3", "@SUM(A1)", "\tx", "\rx", '=HYPERLINK("http://x")']) {
      expect(csvCell(evil).replace(/^"/, "")).toMatch(/^'/);
    }
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell(-12.5)).toBe("-12.5");
  });

  it("neutralises a formula behind leading spaces or written in full-width signs", () => {
    for (const evil of ["＝1+1", "＋1+1", "－1+1", "＠SUM(A1)", " =1+1", "\u00a0=1+1", "\u3000=1+1", '  ＝HYPERLINK("x")']) {
      expect(csvCell(evil).replace(/^"/, "")).toMatch(/^'/);
    }
    // Text that merely contains a sign, or starts with a full-width letter, is left alone.
    expect(csvCell("Ｕber a=b")).toBe("Ｕber a=b");
    expect(csvCell(" note")).toBe('" note"');
  });

  it("neutralises a formula after a list separator, tab or line break inside the cell", () => {
    // Excel in a locale whose list separator is ";" splits a CSV cell there: each piece is a cell start.
    const formulaStart = /^\s*[=+@＝＋＠－]|^\s*-(?!\d)/;
    for (const evil of [
      "Shop;=1+2;",
      "x;=cmd|' /C calc'!A0;",
      "Shop;＝1+2",
      "Shop; \u3000＠SUM(A1)",
      "a;;+1",
      'a;"=1+2"',
      "a;-A1",
      "a\t=1+2",
      "a\r\n@SUM(A1)",
      "a；=1+2",
    ]) {
      // Split as written in the file, and as the cell reads once its quoting is undone.
      const cell = csvCell(evil);
      const unquoted = Papa.parse<string[]>(cell, { delimiter: "," }).data[0]!.join(",");
      for (const piece of [...cell.split(/[;\t\r\n；]/), ...unquoted.split(/[;\t\r\n；]/)]) {
        expect(piece.replace(/^[\s"]+/, "")).not.toMatch(formulaStart);
      }
    }
    expect(csvCell("Shop;=1+2;")).toBe("Shop;'=1+2;");
    expect(csvCell("x;=cmd|' /C calc'!A0;")).toBe("x;'=cmd|' /C calc'!A0;");
    expect(csvCell("Shop;＝1+2")).toBe("Shop;'＝1+2");
  });

  it("keeps a plain number after a separator, and neutralises a sign that starts anything else", () => {
    expect(csvCell("Refund;-12.50")).toBe("Refund;-12.50");
    expect(csvCell("Refund; -12.50;")).toBe("Refund; -12.50;");
    // "-2+3+cmd|…" starts with a minus and a digit and is a formula all the same: only a whole number is kept.
    expect(csvCell("x;-2+3+cmd|' /C calc'!A0")).toBe("x;'-2+3+cmd|' /C calc'!A0");
    expect(csvCell("A; -5 items")).toBe("A;' -5 items");
    expect(csvCell("a=b;c+d")).toBe("a=b;c+d");
  });

  it("quotes commas, quotes and line breaks so every cell survives a parser", () => {
    fc.assert(
      fc.property(fc.array(fc.array(cellText, { minLength: 2, maxLength: 2 }), { maxLength: 20 }), (rows) => {
        const text = toCsv(rows, [
          { header: "a", value: (r) => r[0] },
          { header: "b", value: (r) => r[1] },
        ]);
        const parsed = Papa.parse<string[]>(text.replace(/\r\n$/, ""), { newline: "\r\n" }).data;
        expect(parsed[0]).toEqual(["a", "b"]);
        parsed.slice(1).forEach((cells, i) => {
          cells.forEach((cell, j) => {
            const original = rows[i]![j]!;
            // A plain number such as "-0" or "-12.50" stays a number (it must still sum); other formula starts get an apostrophe.
            const formula = (t: string) => /^[=+\-@\t\r]/.test(t);
            const looksLikeFormula = formula(original) || formula(original.normalize("NFKC").trimStart());
            const neutralised = looksLikeFormula && !/^-?\d+(\.\d+)?$/.test(original);
            // And so does every piece after a separator a spreadsheet may split on, quotes and spaces before its sign skipped.
            const pieces = (t: string) =>
              t.replace(/(?<=[;\t\r\n\u037E\uFE54\uFF1B])[^;\t\r\n\u037E\uFE54\uFF1B]*/g, (piece) =>
                formula(piece.normalize("NFKC").replace(/^[\s"]+/, "")) && !/^-?\d+(\.\d+)?$/.test(piece.trim()) ? `'${piece}` : piece,
              );
            expect(cell).toBe(pieces(neutralised ? `'${original}` : original));
          });
        });
      }),
    );
  });
});

describe("toCsv, finance cases", () => {
  it("leaves plain numbers as numbers (amounts must still sum) but neutralises text", () => {
    expect(csvCell("-12.50")).toBe("-12.50");
    expect(csvCell("-2+3")).toBe("'-2+3");
    // A paste splits on the tab: the "=x" after it is a cell start of its own.
    expect(csvCell("\t=x")).toBe("'\t'=x");
  });
  it("quotes commas and quotes and neutralises every cell", () => {
    const text = toCsv(
      [["x, y", '=HYPERLINK("e")']],
      [
        { header: "a", value: (r: string[]) => r[0] },
        { header: "b", value: (r: string[]) => r[1] },
      ],
    );
    expect(text).toBe('\uFEFFa,b\r\n"x, y","\'=HYPERLINK(""e"")"\r\n');
  });
});

describe("a file for spreadsheets", () => {
  it("starts with the UTF-8 byte-order mark, whole or streamed, so Excel does not read it in the ANSI code page", () => {
    const columns = [{ header: "merchant", value: (r: string) => r }];
    for (const file of [toCsv(["Café ₦"], columns), csvFileStart(columns)]) {
      expect([...new TextEncoder().encode(file).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    }
    expect(toCsv([], columns)).toBe("\uFEFFmerchant\r\n");
  });
});
