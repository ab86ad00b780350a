import { describe, expect, it } from "vitest";
import { cvvsBeside, findSensitiveSpans, normalizeDigits, passesLuhn, runsIn, sensitiveNumberIn, blankIds } from "./sensitive-digits";

const BVN = "22212345678";
// The same BVN in other scripts' digits.
const fullWidth = "２２２１２３４５６７８";
const arabicIndic = "٢٢٢١٢٣٤٥٦٧٨";
const devanagari = "२२२१२३४५६७८";

describe("normalizeDigits", () => {
  it.each([
    ["full-width", fullWidth],
    ["Arabic-Indic", arabicIndic],
    ["Devanagari", devanagari],
    ["extended Arabic-Indic", "۲۲۲۱۲۳۴۵۶۷۸"],
    ["Bengali", "২২২১২৩৪৫৬৭৮"],
    ["mathematical bold", "𝟐𝟐𝟐𝟏𝟐𝟑𝟒𝟓𝟔𝟕𝟖"],
    ["mixed scripts", "٢२２1٢٣४５6٧8"],
  ])("reads %s digits as their values", (_name, text) => {
    expect(normalizeDigits(text)).toBe(BVN);
  });

  it("drops invisible characters and marks on digits, but keeps the marks of words", () => {
    expect(normalizeDigits("2221234\u00ad5678 4\ufe0f\u20e3 1\u200b1")).toBe("22212345678 4 11");
    expect(normalizeDigits("खाता संख्या")).toBe("खाता संख्या");
  });

  it("leaves ASCII text as it is", () => {
    const text = "Case 42 — txn_usd_0003";
    expect(normalizeDigits(text)).toBe(text);
  });
});

describe("passesLuhn", () => {
  it("accepts test card numbers and refuses a changed digit", () => {
    for (const card of ["4111111111111111", "5500005555555559", "378282246310005", "6011111111111117"]) expect(passesLuhn(card)).toBe(true);
    expect(passesLuhn("4111111111111112")).toBe(false);
  });
});

describe("sensitiveNumberIn", () => {
  it.each([
    ["ASCII", `customer ${BVN} called`],
    ["full-width", `customer ${fullWidth} called`],
    ["Arabic-Indic", `customer ${arabicIndic} called`],
    ["Devanagari", `customer ${devanagari} called`],
    ["grouped with spaces", "bvn 222 1234 5678"],
  ])("finds a BVN written in %s", (_name, text) => {
    expect(sensitiveNumberIn(text)).toBe("bvn");
  });

  it.each([
    ["plain", "4111111111111111"],
    ["with spaces", "card 4111 1111 1111 1111 declined"],
    ["with dashes", "card 4111-1111-1111-1111"],
    ["Amex grouping", "3782 822463 10005"],
    ["in full-width digits", "４１１１ １１１１ １１１１ １１１１"],
    ["followed by a CVV in the same run", "4111 1111 1111 1111 123"],
  ])("finds a Luhn-valid card number %s", (_name, text) => {
    expect(sensitiveNumberIn(text)).toBe("card");
  });

  it.each([
    ["zero-width spaces", "4111\u200b1111\u200b1111\u200b1111"],
    ["a word joiner, a zero-width non-joiner and joiner", "4111\u20601111\u200c1111\u200d1111"],
    ["soft hyphens", "4111\u00ad1111\u00ad1111\u00ad1111"],
    ["combining marks", "4\u03011\u03011\u03011\u0301 1111 1111 1111"],
    ["keycap emoji", "4\ufe0f\u20e31\ufe0f\u20e31\ufe0f\u20e31\ufe0f\u20e3 1111 1111 1111"],
    ["dots", "4111.1111.1111.1111"],
    ["commas", "4111,1111,1111,1111"],
    ["slashes", "4111/1111/1111/1111"],
    ["underscores", "4111_1111_1111_1111"],
    ["two spaces", "4111  1111  1111  1111"],
    ["four spaces", "refund for card 4111    1111    1111    1111"],
    ["eight spaces", `4111${" ".repeat(8)}1111${" ".repeat(8)}1111${" ".repeat(8)}1111`],
    ["tabs", "4111\t\t\t\t1111\t\t\t\t1111\t\t\t\t1111"],
    ["spaces and tabs", "4111 \t \t1111 \t \t1111 \t \t1111"],
    ["four no-break spaces", "4111\u00a0\u00a0\u00a0\u00a01111\u202f\u202f\u202f\u202f1111\u3000\u3000\u3000\u30001111"],
    ["four encoded spaces", "/cards?q=4111%20%20%20%201111%20%20%20%201111%20%20%20%201111"],
    ["four spaces and a dash in mixed groups", "4111    - 1111-1111-1111"],
    ["tabs and a dot in mixed groups", "4111\t\t\t\t.1111-1111/1111"],
    ["spaced dashes", "4111 - 1111 - 1111 - 1111"],
    ["minus signs", "4111\u22121111\u22121111\u22121111"],
    ["Arabic thousands separators", "4111\u066c1111\u066c1111\u066c1111"],
    ["Arabic decimal separators", "4111\u066b1111\u066b1111\u066b1111"],
    ["encoded spaces in a URL", "/cards?q=4111%201111%201111%201111"],
    ["plus signs in a URL", "/cards?q=4111+1111+1111+1111"],
    ["glued to an identifier", 'session_id:"S_4111111111111111"'],
    ["in a field name", "card_4111111111111111"],
    ["after a plus (a 15-digit Amex)", 'reference:"+378282246310005"'],
    ["as an email address's name", "4111-1111-1111-1111@example.com, tf1.4111111111111111@example.com"],
    ["a percent sign before it", "fee %4111111111111111"],
    ["encoded dashes in a URL", "/cards?q=4111%2D1111%2D1111%2D1111"],
    ["encoded slashes and dots", "4111%2F1111%2E1111%2f1111"],
    [
      "Hangul fillers between the digits",
      "4\u31641\u31641\u31641\u31641\u31641\u31641\u31641\u31641\u31641\u31641\u31641\u31641\u31641\u31641\u31641",
    ],
    ["halfwidth Hangul fillers between the groups", "4111\uFFA01111\uFFA01111\uFFA01111"],
    ["Arabic tatweels between the groups", "4111\u06401111\u06401111\u06401111"],
  ])("finds a card number written with %s", (_name, text) => {
    expect(sensitiveNumberIn(text)).toBe("card");
  });

  it.each([
    ["a percent sign before it", "fee 5%22222222222"],
    ["Hangul fillers between the digits", "2\u11602\u11602\u11602\u11602\u11602\u11602\u11602\u11602\u11602\u11602"],
    ["a soft hyphen", "2221234\u00ad5678"],
    ["a zero-width space", "KYC of 2221234\u200b5678"],
    ["two spaces", "bvn 222  1234  5678"],
    ["four spaces", "bvn 222    1234    5678"],
    ["eight spaces", `bvn 222${" ".repeat(8)}1234${" ".repeat(8)}5678`],
    ["tabs", "bvn 222\t\t\t\t1234\t\t\t\t5678"],
    ["a newline and spaces", "bvn 222\n    1234\n    5678"],
    ["four no-break spaces", "bvn 222\u00a0\u00a0\u00a0\u00a01234\u00a0\u00a0\u00a0\u00a05678"],
    ["encoded spaces in a URL", "/identity?q=222%201234%205678"],
  ])("finds a BVN split by %s", (_name, text) => {
    expect(sensitiveNumberIn(text)).toBe("bvn");
  });

  it.each([
    "4111.1111-1111/1111",
    "4111-1111.1111 1111",
    "4111.1111 1111.1111",
    "4111_1111.1111-1111",
    "4111%201111.1111/1111",
    "4111--1111-1111-1111",
    "4111- 1111-1111-1111",
    "4111+1111.1111+1111",
    "４１１１.１１１１-１１１１/１１１１",
    "4111\u200b.1111-1111/1111",
    "amex 3782.822463-10005",
    "4111111.111111111",
    "41111111-11111111",
    "4111111/111111111",
    "41111111.1111.1111",
    "411111111111.1111",
    "ref 3782822.46310005.",
  ])("finds a card number whose groups mix separators or run long between punctuation: %s", (text) => {
    // The server masks these when it shows them (server/privacy/by-value.ts): they are not saved either.
    expect(sensitiveNumberIn(text)).toBe("card");
  });

  it("finds a 19-digit card number in mixed groups whose last group is as short as an amount's fraction", () => {
    // 6011000990139425006 passes Luhn; its first 16 digits do not.
    expect(passesLuhn("6011000990139425006") && !passesLuhn("6011000990139425")).toBe(true);
    expect(sensitiveNumberIn("6011-0009-9013-9425.006")).toBe("card");
    expect(sensitiveNumberIn("refund 6011.0009-9013/9425,006")).toBe("card");
    // One group before the mark is an amount and its fraction.
    expect(sensitiveNumberIn("NGN 6011000990139425.006")).toBeNull();
  });

  it.each([
    ["a dot among spaces", "4111 111.111 111 111"],
    ["a dot after the first group", "4111.111 111-111 111"],
    ["no-break, thin and narrow no-break spaces and a dot", "4111\u00a0111.111\u2009111\u202f111"],
    ["a non-breaking hyphen, an en dash and a dot", "4111\u2011111.111\u2013111 111"],
    ["slashes among spaces", "4111 111/111 111 111"],
    ["a middle dot", "4111\u00b7111 111 111 111"],
    ["a katakana middle dot", "4111\u30fb111 111 111 111"],
    ["an Arabic decimal separator", "4111\u066b111 111 111 111"],
    ["an ideographic comma", "4111\u3001111 111 111 111"],
    ["full-width digits and a full-width full stop", "４１１１ １１１．１１１ １１１ １１１"],
    ["Arabic-Indic digits", "٤١١١ ١١١.١١١ ١١١ ١١١"],
    ["Devanagari digits", "४१११.१११ १११ १११ १११"],
    ["13 digits, 4-3-3-3", "visa 4111 111.111 119"],
    ["19 digits, 4-3-3-3-3-3", "4111 111.111 111-111 110"],
  ])("finds a card number grouped in threes after its first four, its separators mixed: %s", (_name, text) => {
    expect(sensitiveNumberIn(text)).toBe("card");
  });

  it.each([
    ["whole", "+4222222222222"],
    ["after a word", "ref +4222222222222"],
    ["in groups", "+4222 2222 22222"],
    ["in groups whose separators mix", "+4222.222 222-222"],
    ["in full-width digits after a full-width plus", "＋４２２２２２２２２２２２２"],
    ["in Arabic-Indic digits", "+٤٢٢٢٢٢٢٢٢٢٢٢٢"],
    ["in Devanagari digits", "+४२२२२२२२२२२२२"],
    ["a Maestro", "+6011000000001 or +5018 0000 0000 7"],
    ["after a country code", "+1 4222222222222"],
    // A German mobile number passing Luhn: only the plan of every country's numbers tells it from a Visa.
    ["that is also a phone number", "+4915123456787"],
  ])("finds a 13-digit card number right after a plus: %s", (_name, text) => {
    expect(sensitiveNumberIn(text)).toBe("card");
  });

  it.each([
    "2026.11.28 4567898",
    "192.168.100.20 201.255.255.255/32, 10.0.0.1-209.168.100.200",
    "1.2.3.4 v10.4.0-rc.1 4.12.106.2026112801",
    "NGN 422123456787.50",
    "1,234,567.89",
    "4501.00 3750.00 2750.00",
    "at 1764154651.234568, rate 1530.1234567894",
    "invoice 2026/000123458",
    "0803-123-4560/0805-765-4321",
    "0803.123.4560 0805.765.4321",
    "acct 4012340009 250,000",
    "Items 4008 12.50 13.75 20.00",
    "22.11.2026 26.11.2026",
    "2026-11-01 – 2026-11-30",
    "2026-11-26T09:06:04.000Z",
    "9f1c2d3e-1234-4567-8901-234567890123",
    "staff-1795705683773-870583@example.com",
    "HPT-COL-20261028-0001",
  ])("leaves dates, IP addresses, versions, amounts, decimals and phone numbers joined by mixed separators alone: %s", (text) => {
    // Each of the first lines holds a stretch of 13 to 19 digits passing Luhn.
    expect(sensitiveNumberIn(text)).toBeNull();
  });

  it("joins groups across a run of up to eight whitespace characters, and no longer run: a wider gap is a column break", () => {
    const card = (sep: string) => `4111${sep}1111${sep}1111${sep}1111`;
    const bvn = (sep: string) => `bvn 222${sep}1234${sep}5678`;
    expect(sensitiveNumberIn(card(" ".repeat(8)))).toBe("card");
    expect(sensitiveNumberIn(bvn("\t".repeat(8)))).toBe("bvn");
    for (const sep of [" ".repeat(9), " ".repeat(20), "\t".repeat(20), " \t".repeat(10), "%20".repeat(20), "\u00a0".repeat(20)]) {
      expect(sensitiveNumberIn(card(sep)), JSON.stringify(sep)).toBeNull();
      expect(sensitiveNumberIn(bvn(sep)), JSON.stringify(sep)).toBeNull();
    }
    // A table's columns: an account number, a count and an amount, aligned with runs of spaces.
    expect(sensitiveNumberIn(`0123456789${" ".repeat(12)}12${" ".repeat(12)}4,500.00`)).toBeNull();
  });

  it("does not take a 16-digit number failing Luhn for a card", () => {
    expect(sensitiveNumberIn("order 4111111111111112")).toBeNull();
    expect(sensitiveNumberIn("4111 1111 1111 1112")).toBeNull();
  });

  it.each([
    ["an amount", "NGN 1,250,000.00 received"],
    ["a date and time", "2026-11-26T09:06:04.000Z"],
    ["a date range", "from 2026-11-01 to 2026-11-30"],
    ["an id", "txn_usd_0003"],
    ["a reference glued to letters", "NIP20261030000112"],
    ["a 30-digit session id", "000013261030141522000112458701"],
    ["a 10-digit account number", "0123456789"],
    ["a phone in E.164", "call +2348031234567 or +14155550123"],
    // 2348031234504 passes Luhn: no card of 13 digits starts 22–27.
    ["a Nigerian phone number passing Luhn", "+2348031234504 or +234 803 123 4504"],
    // 1000000000009 passes Luhn: no card issued today starts with 1.
    ["13 digits after a plus that start as no card does", "+1000000000009"],
    ["a request id", "9f1c2d3e-1234-4567-8901-234567890123"],
    ["a SHA-256 hash", "3b5d5c3712955042212345678901cbe3a2f1e0d9c8b7a6f5e4d3c2b1a0f9e8d7"],
    ["a bill token", "4821-0937-5562-1184-0273"],
    ["a dashed case reference", "CASE-2026-1126-004"],
    // 22212345678: eleven digits as an address's name (a phone number as often as not) are no BVN.
    ["eleven digits of an email address", "22212345678@example.com, ops-22212345678@example.com"],
    // 1795705683773 passes Luhn: a timestamp and a counter, dashed, before the "@".
    ["the dashed digits of an email address", "staff-e2e-role-1795705683773-870583@example.com"],
    // Wider separators must not join everyday numbers into a card or a BVN.
    ["a six-digit code", "your code is 123 456"],
    ["amounts", "1,234.56 and 123,456,789.01 and 12,345,678,901 and 1,234,567,890,123"],
    ["a date and time with a space", "2026-11-26 09:06:04.123"],
    ["a dashed date range", "2026-11-01 – 2026-11-30, 28/11/2026 - 30/11/2026"],
    ["IP addresses", "192.168.100.20 192.168.100.200:8080, 10.0.0.1, 192.168.100.201"],
    ["phone numbers", "+234 803 123 4567, 0803-123-4567, 0803.123.4567, (0803) 123-4567"],
    ["a list of codes", "MCC 5411, 5812, 5999, 4111"],
    ["references glued to letters", "BIL20261020000008 BIL20261029000021 BIL20261030000044 FX20261026000009 NIP20261027000054"],
    ["a date in Arabic-Indic digits", "٢٠٢٦-١١-٢٨ ١٠:٣٠"],
    // Each of these passes Luhn, digits joined: a decimal or a numbered document is not a card in groups.
    ["decimals", "at 1764154651.234568, rate 1530.1234567894"],
    ["a numbered document", "invoice 2026/000123458"],
  ])("leaves %s alone", (_name, text) => {
    expect(sensitiveNumberIn(text)).toBeNull();
  });
});

describe("findSensitiveSpans", () => {
  it("marks a CVV beside a card number", () => {
    const text = "card 4111 1111 1111 1111 cvv 123 exp 12/27";
    const kinds = findSensitiveSpans(text).map((s) => [s.kind, text.slice(s.start, s.end)]);
    expect(kinds).toContainEqual(["card", "4111 1111 1111 1111"]);
    expect(kinds).toContainEqual(["cvv", "123"]);
  });

  it("marks no short group when there is no card number", () => {
    expect(findSensitiveSpans("room 123, floor 4567")).toEqual([]);
  });

  it("marks as a CVV every 3–4 digit group outside all other spans, as checking it against each span would", () => {
    const alphabet = "0123456789012345678901234567890123456789    --._a";
    let seed = 3;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let withCvv = 0;
    for (let n = 0; n < 3_000; n++) {
      const text = Array.from({ length: 20 + Math.floor(random() * 60) }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");
      const spans = findSensitiveSpans(text);
      const numbers = spans.filter((s) => s.kind !== "cvv");
      const expected = numbers.some((s) => s.kind === "card")
        ? runsIn(blankIds(text))
            .flat()
            .filter((g) => !g.glued && (g.digits.length === 3 || g.digits.length === 4))
            .filter((g) => !numbers.some((s) => s.start <= g.start && g.end <= s.end))
            .map((g) => text.slice(g.start, g.end) + "@" + g.start)
        : [];
      const cvvs = spans.filter((s) => s.kind === "cvv").map((s) => text.slice(s.start, s.end) + "@" + s.start);
      expect(cvvs, text).toEqual(expected);
      if (cvvs.length > 0) withCvv++;
    }
    expect(withCvv).toBeGreaterThan(100);
  });

  it("finds the CVVs beside card numbers whatever the order of the spans it is given", () => {
    const text = blankIds("4111 1111 1111 1111 cvv 123, 5500 0055 5555 5559 cvv 4567");
    const runs = runsIn(text);
    const numbers = findSensitiveSpans(text).filter((s) => s.kind !== "cvv");
    const cvvsOf = (spans: typeof numbers) => cvvsBeside(runs, spans).map((s) => text.slice(s.start, s.end) + "@" + s.start);
    expect(cvvsOf(numbers)).toEqual(["123@24", "4567@53"]);
    expect(cvvsOf([...numbers].reverse())).toEqual(["123@24", "4567@53"]);
  });

  it("reads a text packed with card numbers and CVVs in one pass, every digit in a span", () => {
    for (const text of ["4111 1111 1111 1111 123 ".repeat(8_334), "card 4111 1111 1111 1111 cvv 123; ".repeat(6_000)]) {
      const covered = new Uint8Array(text.length);
      for (const s of findSensitiveSpans(text)) covered.fill(1, s.start, s.end);
      expect(Array.from(text, (c, i) => (covered[i] ? "" : c)).join(""), text.slice(0, 40)).not.toMatch(/\d/);
    }
  });
});
