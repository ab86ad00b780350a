import { describe, expect, it, vi } from "vitest";
import { findSensitiveSpans, passesLuhn, sensitiveNumberIn } from "@/lib/validation/sensitive-digits";
import { holdsSensitiveNumber, maskedExcerpt, maskRevealed, maskSensitiveDeep, maskSensitiveText, mayHoldSensitiveRun } from "./by-value";

const SECRETS = {
  business: "sk_live_9f8e7d6c5b4a3921",
  webhook: "whsec-0a1b2c3d4e5f6a7b",
  auth: "auth-secret-0123456789abcdef0123456789",
  oidc: "oidc-client-secret-xyz123",
};
vi.mock("@/server/env", () => ({
  env: () => ({
    upstream: { kind: "http", baseUrl: "https://api.example.com", businessId: "biz_1", secretKey: SECRETS.business },
    webhookSecret: SECRETS.webhook,
    authSecret: SECRETS.auth,
    oidc: { issuer: "https://login.example.com", clientId: "backoffice", clientSecret: SECRETS.oidc, name: "SSO" },
  }),
}));

describe("masking by value", () => {
  it("masks a card number with spaces or dashes to its last four digits, and the CVV beside it", () => {
    const out = maskSensitiveText("Card 4111 1111 1111 1111 (cvv 123) was declined");
    expect(out).toBe("Card •••••••1111 (cvv •••) was declined");
    expect(maskSensitiveText("4111-1111-1111-1111")).toBe("•••••••1111");
  });

  it.each([
    ["four spaces", "Refund for card 4111    1111    1111    1111", "Refund for card •••••••1111"],
    ["tabs", "card 4111\t\t1111\t\t\t1111\t\t\t\t1111 declined", "card •••••••1111 declined"],
    ["spaces and tabs", "4111 \t \t1111 \t \t1111 \t \t1111", "•••••••1111"],
    ["four no-break spaces", "4111\u00a0\u00a0\u00a0\u00a01111\u2007\u2007\u2007\u20071111\u3000\u3000\u3000\u30001111", "•••••••1111"],
    ["four encoded spaces", "/cards?q=4111%20%20%20%201111%20%20%20%201111%20%20%20%201111", "/cards?q=•••••••1111"],
    ["eight spaces", `card 4111${" ".repeat(8)}1111${" ".repeat(8)}1111${" ".repeat(8)}1111`, "card •••••••1111"],
    ["four spaces (a BVN)", "bvn 222    1234    5678", "bvn •••••••5678"],
    ["tabs (a BVN)", "bvn 222\t\t\t\t1234\t\t\t\t5678", "bvn •••••••5678"],
    ["a newline and spaces (a BVN)", "bvn 222\n    1234\n    5678", "bvn •••••••5678"],
  ])("masks a number whose groups are split by %s, however long the run of whitespace up to eight", (_name, text, masked) => {
    expect(mayHoldSensitiveRun(text), text).toBe(true);
    expect(maskSensitiveText(text)).toBe(masked);
    expect(holdsSensitiveNumber(text)).toBe(true);
  });

  it("reads a run of more than eight whitespace characters as a column break, which joins no groups", () => {
    const card = (sep: string) => `4111${sep}1111${sep}1111${sep}1111`;
    const bvn = (sep: string) => `222${sep}1234${sep}5678`;
    expect(maskSensitiveText(card(" ".repeat(8)))).toBe("•••••••1111");
    expect(maskSensitiveText(bvn("\t".repeat(8)))).toBe("•••••••5678");
    for (const sep of [" ".repeat(9), " ".repeat(20), "\t".repeat(20), " \t".repeat(10), "%20".repeat(20)]) {
      expect(maskSensitiveText(card(sep)), JSON.stringify(sep)).toBe(card(sep));
      expect(maskSensitiveText(bvn(sep)), JSON.stringify(sep)).toBe(bvn(sep));
    }
  });

  it("shows a card number's own last four digits, never the CVV or a group after it in the same run", () => {
    // The last three groups (4+4+3 digits) are also an 11-digit BVN candidate, reaching past the card into the CVV.
    expect(maskSensitiveText("card 4340 7550 2021 9226 357 declined")).toBe("card •••••••9226 declined");
    expect(maskSensitiveText("4111 1111 1111 1111 123")).toBe("•••••••1111");
    // 5399550880696358332, the card and its CVV, passes Luhn too: a 19-digit card number reaching into the CVV.
    expect(passesLuhn("5399550880696358332")).toBe(true);
    expect(maskSensitiveText("5399-5508-8069-6358-332")).not.toMatch(/332|8332/);
    // Two readings of the same digits passing Luhn, each reaching past the other: neither's last four are shown.
    expect(passesLuhn("1004411111111111") && passesLuhn("4111111111111111")).toBe(true);
    expect(maskSensitiveText("ref 1004 4111 1111 1111 1111")).toBe("ref •••••••");
    expect(passesLuhn("4111111111111111") && passesLuhn("4111111111111111102")).toBe(true);
    expect(maskSensitiveText("4111111111111111 102")).toBe("•••••••");
  });

  it("never shows a CVV nor any of a card number's digits but its own last four, however the card is written", () => {
    let seed = 29;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join("");
    const formats: ((card: string) => string)[] = [
      (card) => card.match(/\d{4}/g)!.join(" "),
      (card) => card.match(/\d{4}/g)!.join("-"),
      (card) => card,
    ];
    let shown = 0;
    let total = 0;
    for (let n = 0; n < 500; n++) {
      const body = String(4 + Math.floor(random() * 2)) + digits(14);
      const card = body + [..."0123456789"].find((d) => passesLuhn(body + d))!;
      for (const format of formats)
        for (const cvv of ["123", "1234", digits(3), digits(4)]) {
          const text = `card ${format(card)} ${cvv} declined`;
          const out = maskSensitiveText(text);
          // The CVV masked on its own, or inside the card's stretch; the card's last four shown or, when another
          // reading of the digits reaches past them, nothing.
          expect(out, text).toMatch(new RegExp(`^card •{7}(?:${card.slice(-4)})?(?: •••)? declined$`));
          total++;
          if (out.includes(card.slice(-4))) shown++;
        }
    }
    // About one in ten readings across the card number and its CVV passes Luhn, and one or two are tried.
    expect(shown).toBeGreaterThan(total * 0.8);
  });

  it("masks a BVN written in full-width, Arabic-Indic or Devanagari digits", () => {
    for (const bvn of ["２２２１２３４５６７８", "٢٢٢١٢٣٤٥٦٧٨", "२२२१२३४५६७८"]) {
      expect(maskSensitiveText(`ref ${bvn}`)).toBe("ref •••••••5678");
    }
  });

  it("leaves a non-Luhn 16-digit number, amounts, dates, ids and E.164 phones as they are", () => {
    for (const text of [
      "4111111111111112",
      "1,250,000.00",
      "2026-11-26T09:06:04.000Z",
      "txn_usd_0003",
      "+2348031234567",
      "+2348031234504",
      "HPT-COL-20261028-0001",
    ]) {
      expect(maskSensitiveText(text)).toBe(text);
    }
  });

  it("masks under any key and at any depth, keys included, and keeps numbers and unchanged objects", () => {
    const clean = { id: "txn_usd_0003", amount: 1250.5 };
    const value = { reference: "22212345678", nested: [{ description: "POS 4111111111111111" }], clean, "22212345678": true };
    const out = maskSensitiveDeep(value);
    expect(out).toEqual({ reference: "•••••••5678", nested: [{ description: "POS •••••••1111" }], clean, "•••••••5678": true });
    expect(out.clean).toBe(clean);
    expect(JSON.stringify(out)).not.toMatch(/22212345678|4111111111111111/);
  });

  it("masks a card number or BVN hidden by invisible characters or other separators in an upstream's answer", () => {
    expect(maskSensitiveText("detail: 4111\u200b1111\u200b1111\u200b1111")).toBe("detail: •••••••1111");
    expect(maskSensitiveText("4111.1111.1111.1111")).toBe("•••••••1111");
    expect(maskSensitiveText("2221234\u00ad5678 Bank")).toBe("•••••••5678 Bank");
    expect(maskSensitiveText('session_id:"S_4111111111111111", reference:"+378282246310005"')).toBe(
      'session_id:"S_•••••••1111", reference:"+•••••••0005"',
    );
  });

  it("masks whole numbers holding a card number or BVN, and leaves amounts, codes and epoch milliseconds numbers", () => {
    const out = maskSensitiveDeep({ pan: 4111111111111111, ref: 22212345678, amount: 125050, otp: 123456, at: 1795705683773, rate: 1.5 });
    expect(out).toEqual({ pan: "•••••••1111", ref: "•••••••5678", amount: 125050, otp: 123456, at: 1795705683773, rate: 1.5 });
    expect(JSON.stringify(out)).not.toMatch(/4111111111111111|22212345678/);
  });

  it("in a typed answer keeps an 11-digit quantity a number, and still masks a card number", () => {
    // A business's NGN balance of 22 billion, or a USD total of $222M in cents: ordinary figures.
    const answer = { balance: 22212345678, spentMinor: 22212345678, count: 3, pan: 4111111111111111 };
    expect(maskSensitiveDeep(answer, "typed")).toEqual({ balance: 22212345678, spentMinor: 22212345678, count: 3, pan: "•••••••1111" });
  });

  it("masks a card number whose groups mix separators, and the CVV beside it", () => {
    for (const card of [
      "4111.1111-1111/1111",
      "4111 1111-1111 1111",
      "4111-1111.1111 1111",
      "4111.1111 1111.1111",
      "4111_1111.1111-1111",
      "4111%201111.1111/1111",
      "4111 - 1111-1111 1111",
      "4111    - 1111-1111 1111",
      "4111\t\t\t\t.1111-1111/1111",
      "4111--1111-1111-1111",
      "4111- 1111-1111-1111",
      "4111+1111.1111+1111",
      "４１１１.１１１１-１１１１/１１１１",
      "4111\u200b.1111-1111/1111",
    ]) {
      expect(maskSensitiveText(card), card).toBe("•••••••1111");
    }
    expect(maskSensitiveText("Card 4111.1111-1111/1111 (cvv 123) was declined")).toBe("Card •••••••1111 (cvv •••) was declined");
    expect(maskSensitiveText("amex 3782.822463-10005, S_4111.1111-1111/1111.123")).toBe("amex •••••••0005, S_•••••••1111.•••");
    expect(maskSensitiveDeep({ note: "pan 5500.0055-5555/5559" }, "typed")).toEqual({ note: "pan •••••••5559" });
    expect(holdsSensitiveNumber("4111-1111.1111 1111")).toBe(true);
  });

  it("masks a card number grouped in threes after its first four whose separators mix, and the CVV beside it", () => {
    for (const card of [
      "4111 111.111 111 111",
      "4111.111 111-111 111",
      "4111\u00a0111.111\u2009111\u202f111",
      "4111\u2011111.111\u2013111 111",
      "4111\u30fb111 111 111 111",
      "４１１１ １１１．１１１ １１１ １１１",
      "٤١١١ ١١١.١١١ ١١١ ١١١",
      "४१११.१११ १११ १११ १११",
    ]) {
      expect(maskSensitiveText(card), card).toBe("•••••••1111");
    }
    expect(maskSensitiveText("Card 4111 111.111 111 111 (cvv 123) was declined")).toBe("Card •••••••1111 (cvv •••) was declined");
    expect(maskSensitiveText("visa 4111 111.111 119")).toBe("visa •••••••1119");
    expect(maskSensitiveDeep({ note: "pan 4111.111 111-111 111" }, "typed")).toEqual({ note: "pan •••••••1111" });
  });

  it("masks a card number whose groups run past six digits between punctuation", () => {
    for (const card of ["4111111.111111111", "41111111-11111111", "4111111/111111111", "41111111.1111.1111", "411111111111.1111"]) {
      expect(maskSensitiveText(card), card).toBe("•••••••1111");
    }
    expect(maskSensitiveText("ref 3782822.46310005.")).toBe("ref •••••••0005.");
  });

  it("masks a 19-digit card number in mixed groups whose last group is as short as an amount's fraction", () => {
    // 6011000990139425006 passes Luhn; its first 16 digits do not.
    expect(passesLuhn("6011000990139425006") && !passesLuhn("6011000990139425")).toBe(true);
    expect(maskSensitiveText("6011-0009-9013-9425.006")).toBe("•••••••5006");
    expect(maskSensitiveText("refund 6011.0009-9013/9425,006")).toBe("refund •••••••5006");
    // One group before the mark is an amount and its fraction (42212345678750 passes Luhn).
    expect(maskSensitiveText("NGN 422123456787.50")).toBe("NGN 422123456787.50");
    expect(maskSensitiveText("NGN 6011000990139425.006")).toBe("NGN 6011000990139425.006");
  });

  it("masks what the staff's input check refuses, and only that, in text whose groups mix separators", () => {
    for (const text of [
      "4111.1111-1111/1111",
      "4111111.111111111",
      "amex 3782.822463-10005",
      "2026-11-01 – 2026-11-30",
      "invoice 2026/000123458",
    ]) {
      expect(holdsSensitiveNumber(text), text).toBe(sensitiveNumberIn(text) !== null);
    }
  });

  it("leaves dates, IP addresses, versions, amounts, decimals and phone numbers joined by those separators as they are", () => {
    // Each line holds a stretch of 13 to 19 digits passing Luhn.
    for (const text of [
      "2026.11.28 4567898",
      "192.168.100.20 201.255.255.255/32, 10.0.0.1-209.168.100.200",
      "1.2.3.4 v10.4.0-rc.1 4.12.106.2026112801",
      "NGN 422123456787.50",
      "4501.00 3750.00 2750.00",
      "at 1764154651.234568, rate 1530.1234567894",
      "invoice 2026/000123458",
      "0803-123-4560/0805-765-4321",
      "0803.123.4560 0805.765.4321",
      "acct 4012340009 250,000",
      "Items 4008 12.50 13.75 20.00",
      "22.11.2026 26.11.2026",
    ]) {
      expect(maskSensitiveText(text), text).toBe(text);
    }
    for (const text of [
      "2026-11-26T09:06:04.000Z",
      "9f1c2d3e-1234-4567-8901-234567890123",
      "staff-1795705683773-870583@example.com",
      "HPT-COL-20261028-0001",
    ]) {
      expect(maskSensitiveText(text), text).toBe(text);
    }
  });

  it("leaves an international phone number of 14 or 15 digits that passes Luhn, and still masks a card number after a plus", () => {
    // Each passes Luhn and is a valid number of Germany's, Austria's or Nigeria's plan (a toll-free one).
    for (const phone of [
      "+49 2699 891621363",
      "+492699891621363",
      "call +49-9706-34046285 today",
      "+43 679 509600086",
      "+436641234567894",
      "+234 800 1234 5671",
      "+49 2699 891621363, room 123",
    ]) {
      expect(maskSensitiveText(phone), phone).toBe(phone);
    }
    // An Amex glued after a "+", and valid numbers whose digits, or the national number's, sit where
    // cards of that length are issued (Diners Club's 38…, a 13-digit Maestro's 6…).
    expect(maskSensitiveText('reference:"+378282246310005"')).toBe('reference:"+•••••••0005"');
    expect(maskSensitiveText("+381 17 561150960")).toBe("+•••••••0960");
    expect(maskSensitiveText("+43 664 1234567894")).toBe("+•••••••7894");
    // Not a number of the plan (South Africa's have 11 digits), not written as the plan has it (a
    // national prefix kept), not written as a phone number (the country code not first), or too long for one.
    expect(maskSensitiveText("+27 411111111009")).toBe("+•••••••1009");
    expect(maskSensitiveText("+234 0803 123 4501")).toBe("+•••••••4501");
    expect(maskSensitiveText("+4926 9989 1621 363")).toBe("+•••••••1363");
    expect(maskSensitiveText("+49.2699.8916.21363")).toBe("+•••••••1363");
    expect(maskSensitiveText("tel:+4111111111111111")).toBe("tel:+•••••••1111");
  });

  it("masks a 13-digit card number after a plus that is no phone number, and leaves a 13-digit phone number passing Luhn", () => {
    // 4222222222222 is a Visa test number; no country's plan has it.
    expect(maskSensitiveText("+4222222222222")).toBe("+•••••••2222");
    expect(maskSensitiveText("card +4222222222222 cvv 123")).toBe("card +•••••••2222 cvv •••");
    // A German mobile number passing Luhn, written whole or as the plan groups it.
    expect(passesLuhn("4915123456787")).toBe(true);
    for (const phone of ["+4915123456787", "+49 1512 3456787", "call +49-1512-3456787, room 123", "+2348031234567"]) {
      expect(maskSensitiveText(phone), phone).toBe(phone);
    }
  });

  it("masks a 13-digit card number after a country code, or grouped with mixed separators after a plus", () => {
    expect(maskSensitiveText("+1 4222222222222")).toBe("+1 •••••••2222");
    expect(maskSensitiveText("ref +4222.222 222-222")).toBe("ref +•••••••2222");
  });

  it("masks what the staff's input check refuses, and only that, after a plus and in groups of three", () => {
    for (const text of [
      "+4222222222222",
      "ref +4222 2222 22222",
      "＋４２２２２２２２２２２２２",
      "+٤٢٢٢٢٢٢٢٢٢٢٢٢",
      "+1 4222222222222",
      "+5018 0000 0000 7",
      "+1000000000009",
      "+2348031234504",
      "4111 111.111 111 111",
      "٤١١١ ١١١.١١١ ١١١ ١١١",
      "acct 4012340009 250,000",
      "Items 4008 12.50 13.75 20.00",
    ]) {
      expect(holdsSensitiveNumber(text), text).toBe(sensitiveNumberIn(text) !== null);
    }
  });

  it("refuses in typed text a 13-digit phone number that passes Luhn and starts as a card, and shows it where the plan has it", () => {
    // The browser cannot check every country's plan; the server, on the way out, can.
    for (const phone of ["+4915123456787", "+49 1512 3456787"]) {
      expect(sensitiveNumberIn(phone), phone).toBe("card");
      expect(maskSensitiveText(phone), phone).toBe(phone);
    }
  });

  it("reads a long text of digits and mixed separators in one pass", () => {
    const alphabet = "0123456789012345678901234567890123456789  ..--//_+%";
    let seed = 11;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const noise = Array.from({ length: 200_000 }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");
    expect(maskSensitiveText(noise)).toEqual(expect.any(String));
    const cards = maskSensitiveText("4111.1111-1111/1111 4111111.111111111; ".repeat(5_000));
    expect(cards.startsWith("•••••••1111") && !/\d{5}/.test(cards)).toBe(true);
    const phones = "+49 2699 891621363; ".repeat(10_000);
    expect(maskSensitiveText(phones) === phones).toBe(true);
  });

  it("masks every card number and CVV of a text packed with them, in one pass", () => {
    // One run of groups joined by spaces: its card numbers and the BVN-long windows across them make one masked stretch.
    const packed = maskSensitiveText("4111 1111 1111 1111 123 ".repeat(8_334));
    // It shows the first card number's last four digits at most: never a CVV, nor the digits of the windows across them.
    expect(packed).toMatch(/^•{7}(?:1111)? $/);
    const cards = maskSensitiveText("card 4111 1111 1111 1111 cvv 123; ".repeat(6_000));
    expect(cards).toBe("card •••••••1111 cvv •••; ".repeat(6_000));
  });

  it("removes direction controls, so that a card number written backwards after U+202E is not shown forwards", () => {
    // Shown as "note 4111111111111111"; its digits in stored order pass no Luhn check.
    expect(maskSensitiveText("note \u202E1111111111111114")).toBe("note 1111111111111114");
    const controls = "\u061C\u200E\u200F\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069";
    expect(maskSensitiveText(`Approved: Eve${controls} may now reveal it`)).toBe("Approved: Eve may now reveal it");
    expect(maskSensitiveText("ref \u2067٢٢٢١٢٣٤٥٦٧٨\u2069")).toBe("ref •••••••5678");
    // In an answer checked against its contract too, keys included.
    expect(maskSensitiveDeep({ note: "note \u202E1111111111111114", ["Eve\u202Egnp.exe"]: 1 }, "typed")).toEqual({
      note: "note 1111111111111114",
      "Evegnp.exe": 1,
    });
    for (const text of [
      "Card 4111 declined at 09:06, ref txn_usd_0003",
      "تم رفض البطاقة المنتهية بـ ١١١١",
      "הכרטיס נדחה בחנות 4111",
      "Zoë 👍 مرحبا",
    ]) {
      expect(maskSensitiveText(text), text).toBe(text);
    }
  });

  it("redacts a bearer token, a JWT and this deployment's secrets wherever they are quoted", () => {
    const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzdGFmZl8xIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ";
    const line = `upstream said: Bearer ${jwt} key ${SECRETS.business}; hook ${SECRETS.webhook}; ${SECRETS.auth} ${SECRETS.oidc}`;
    const out = maskSensitiveText(line);
    expect(out).toBe("upstream said: Bearer [redacted] key [redacted]; hook [redacted]; [redacted] [redacted]");
    expect(maskSensitiveText(`token=${jwt}`)).toBe("token=[redacted]");
    expect(maskSensitiveText("Bearer eyJhbGciOiJIUzI1NiJ9.e30.sig key sk_live_9f8e7d")).toBe("Bearer [redacted] key [redacted]");
    expect(maskSensitiveDeep({ [SECRETS.webhook]: "x" })).toEqual({ "[redacted]": "x" });
    expect(maskSensitiveText("send the Bearer scheme in Authorization")).toBe("send the Bearer scheme in Authorization");
    // A secret is not a sensitive number: the staff's input check does not call it one.
    expect(holdsSensitiveNumber(`Bearer ${jwt}`)).toBe(false);
  });

  it("redacts a Basic credential, with its scheme or without (the business's pair as POST /auth sends it), and leaves words after 'Basic' alone", () => {
    const pair = Buffer.from(`biz_1:${SECRETS.business}`).toString("base64");
    expect(maskSensitiveText(`Bad auth header Basic ${pair}`)).toBe("Bad auth header Basic [redacted]");
    expect(maskSensitiveText(`header basic ${Buffer.from("someone:else-entirely").toString("base64")}`)).toBe("header basic [redacted]");
    expect(maskSensitiveText(`echo ${pair} and ${Buffer.from(`biz_1:${SECRETS.business}`).toString("base64url")}`)).toBe(
      "echo [redacted] and [redacted]",
    );
    for (const text of ["Basic information about the card", "the Basic plan", "Basic Authentication is refused"])
      expect(maskSensitiveText(text)).toBe(text);
  });

  it("an excerpt of a long message never keeps the part of a card number or a secret that its window cut", () => {
    const jwt = `eyJ${"a".repeat(297)}.b.c `;
    // Six tokens that mask to a few characters each, then padding, so the card number stands across the
    // window's end and, masked, within the first 300 characters.
    for (const tail of ["4111111111111111 cvv 123", `key=${SECRETS.business}`]) {
      // The window ends 15 characters into it: "411111111111111" or "key=sk_live_9f8".
      const message = jwt.repeat(6) + "x".repeat(2000 - jwt.length * 6 - 6 - 15) + " card " + tail + " and more".repeat(50);
      expect(message.slice(0, 2000).endsWith(tail.slice(0, 15))).toBe(true);
      const excerpt = maskedExcerpt(message);
      expect(excerpt.length).toBeLessThanOrEqual(301);
      expect(excerpt).not.toMatch(/4111|sk_live/);
    }
    // A short message is masked whole, then cut.
    expect(maskedExcerpt("card 4111 1111 1111 1111 declined")).toBe("card •••••••1111 declined");
    expect(maskedExcerpt("y".repeat(400))).toBe("y".repeat(300));
  });

  it("a reveal shows the values it names, less secrets, and masks the rest of its answer as any other", () => {
    const record = {
      bvn: "22222222222",
      phone_number: "08031234567",
      middle_name: "card 4111 1111 1111 1111 cvv 123",
      enrollment_bank: SECRETS.business,
      enrollment_branch: "5555555555554444",
      lga_of_Origin: "22222222222",
    };
    const answer = { lookupId: "l1", masked: false, record: { ...record, email: `a@example.com ${SECRETS.webhook}` } };
    const shown = maskRevealed(answer, ["record.bvn", "record.phone_number", "record.email", "record.missing"]);
    expect(shown.record).toEqual({
      bvn: "22222222222",
      phone_number: "08031234567",
      email: "a@example.com [redacted]",
      middle_name: "card •••••••1111 cvv •••",
      enrollment_bank: "[redacted]",
      enrollment_branch: "•••••••4444",
      lga_of_Origin: "•••••••2222",
    });
    // The data itself is not changed.
    expect(answer.record.enrollment_bank).toBe(SECRETS.business);
    const token = "1234 5678 9012 3456 7890";
    expect(maskRevealed({ token }, ["token"])).toEqual({ token });
  });

  it("masks a number behind a percent sign, in percent-encoded groups, strung with Hangul fillers or tatweels, or as an address's name", () => {
    for (const [text, masked] of <[string, string][]>[
      ["fee %4111111111111111", "fee %•••••••1111"],
      ["fee 5%22222222222", "fee 5%•••••••2222"],
      ["/cards?q=4111%2D1111%2D1111%2D1111", "/cards?q=•••••••1111"],
      ["4\u31641\u31641\u31641\u31641\u31641\u31641\u31641\u31641\u31641\u31641\u31641\u31641\u31641\u31641\u31641", "•••••••1111"],
      ["card 4111\u06401111\u06401111\u06401111", "card •••••••1111"],
      ["4111-1111-1111-1111@example.com", "•••••••1111@example.com"],
    ]) {
      expect(mayHoldSensitiveRun(text) || /[^\x00-\x7f]/.test(text), text).toBe(true);
      expect(maskSensitiveText(text), text).toBe(masked);
    }
    // URL-encoded text reads each escape as what it stands for: a data URL's numbers stay as they are.
    const logo = "data:image/svg+xml,%3Csvg%20viewBox%3D%220%200%2064%2064%22%3E%3Crect%20width%3D%22641%22%2F%3E";
    expect(maskSensitiveText(logo)).toBe(logo);
    for (const address of ["ops-1764154651234@example.com", "staff-e2e-role-1795705683773-870583@example.com", "22212345678@example.com"])
      expect(maskSensitiveText(address)).toBe(address);
  });

  it("passes over ASCII text only when no sensitive span can be in it", () => {
    const logo = "data:image/svg+xml,%3Csvg%20viewBox%3D%220%200%2064%2064%22%3E%3Crect%20width%3D%2264%22%2F%3E";
    for (const text of [logo, "2026-11-26T09:06:04.000Z", "14 Admiralty Way, Lagos 106104", "1234-5678-90"]) {
      expect(mayHoldSensitiveRun(text)).toBe(false);
    }
    for (const text of [
      "22212345678",
      "4111 1111 1111 1111",
      "4111-1111-1111-1111",
      "ref 2221234\t5678",
      "x ٢٢٢",
      "4111.1111.1111.1111",
      "q=222%201234%205678",
      "4111    1111    1111    1111",
      "bvn 222\t\t\t\t1234\t\t\t\t5678",
      "q=222%20%20%20%201234%20%20%20%205678",
      `222${" ".repeat(8)}1234 - 5678`,
    ]) {
      expect(mayHoldSensitiveRun(text), text).toBe(true);
    }
    expect(mayHoldSensitiveRun(`222${" ".repeat(9)}1234${" ".repeat(20)}5678 and 4111${"\t".repeat(12)}1111111`)).toBe(false);
    // Whatever it passes over, the full check finds nothing in: random text of digits and the characters that join
    // or split them, whitespace in runs as long as the longest that joins groups and longer.
    const alphabet = [..."0123456789012345678901234567890123456789  --\t\n_@+a.:%"];
    alphabet.push("    ", "\t\t\t", " \t \n", " ".repeat(8), " ".repeat(9), "%20%20", " %20 ", " - ", "    -", "-\t\t\t");
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let passedOver = 0;
    for (let n = 0; n < 20_000; n++) {
      const text = Array.from({ length: 8 + Math.floor(random() * 40) }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");
      if (mayHoldSensitiveRun(text)) continue;
      passedOver++;
      expect(findSensitiveSpans(text), text).toEqual([]);
    }
    expect(passedOver).toBeGreaterThan(1000);
  });
});
