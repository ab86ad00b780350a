import { describe, expect, it } from "vitest";
import {
  auditActionLabel,
  auditOutcomeLabel,
  codeText,
  codeWords,
  countryName,
  errorCodeLabel,
  labelledAuditActions,
  networkLabel,
  roleLabel,
  verificationStateLabel,
} from "./labels";

describe("codes as words", () => {
  it("reads upstream codes as sentence-case words with the code beside", () => {
    expect(codeWords("BANK_TRANSFER")).toBe("Bank transfer");
    expect(codeWords("LIMITED_LIABILITY_COMPANY")).toBe("Limited liability company");
    expect(codeText("BANK_TRANSFER")).toBe("Bank transfer (BANK_TRANSFER)");
    expect(codeText("NG", "country")).toBe("Nigeria (NG)");
    expect(codeText(null)).toBe("");
  });
  it("shows a one-word code as the word, not as the upper-case code", () => {
    expect(codeText("SUCCESS")).toBe("Success");
    expect(codeText("credit")).toBe("Credit");
  });
  it("names real regions only, and falls back to the words for an unknown code", () => {
    expect(countryName("gh")).toBe("Ghana");
    expect(countryName("ZZZ")).toBeNull();
    expect(codeText("XX", "country")).toBe("XX");
  });
});

describe("the back-office's own codes as words", () => {
  it("names each audit action in words, and never shows a dotted code for an unknown one", () => {
    expect(auditActionLabel("auth.sign_in")).toBe("Signed in");
    expect(auditActionLabel("bvn.lookup.requested")).toBe("Asked to look up a BVN");
    expect(auditActionLabel("verification.check")).toBe("Checked the verification status");
    expect(auditActionLabel("approval.use")).toBe("Used a colleague's approval");
    expect(auditActionLabel("reports.nightly_run")).toBe("Reports nightly run");
    for (const action of labelledAuditActions) expect(auditActionLabel(action)).not.toMatch(/[a-z]\.[a-z]|_/);
  });
  it("names outcomes, roles, verification states and error codes", () => {
    expect(auditOutcomeLabel("denied")).toBe("Refused");
    expect(auditOutcomeLabel("failure")).toBe("Failed");
    expect(roleLabel("ops")).toBe("Operations");
    expect(roleLabel(null)).toBe("");
    expect(verificationStateLabel("NOT_SUBMITTED")).toBe("Not submitted");
    expect(verificationStateLabel("SOMETHING_NEW")).toBe("Something new");
    expect(errorCodeLabel("upstream_unreachable")).toBe("Payments API unreachable");
    expect(errorCodeLabel("VERIFICATION_STATUS_UNAVAILABLE")).toBe("Verification status unavailable");
    expect(errorCodeLabel("brand_new_code")).toBe("Brand new code");
  });
});

describe("where a session came from", () => {
  it("says this computer or a private network instead of a raw local address", () => {
    expect(networkLabel("::1")).toBe("this computer");
    expect(networkLabel("127.0.0.1")).toBe("this computer");
    expect(networkLabel("::ffff:127.0.0.1")).toBe("this computer");
    expect(networkLabel("192.168.1.20")).toBe("a private network");
    expect(networkLabel("fd12:3456::1")).toBe("a private network");
    expect(networkLabel("203.0.113.7")).toBe("network address 203.0.113.7");
    expect(networkLabel(null)).toBe("");
  });
});
