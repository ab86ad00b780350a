import fc from "fast-check";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { csvCell, csvFileStart, toCsv } from "./csv";

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

  it("quotes commas, quotes and line breaks so every cell survives a parser", () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string(), { minLength: 2, maxLength: 2 }), { maxLength: 20 }), (rows) => {
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
            expect(cell).toBe(neutralised ? `'${original}` : original);
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
    expect(csvCell("\t=x")).toBe("'\t=x");
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
