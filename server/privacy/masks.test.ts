import { describe, expect, it } from "vitest";
import { maskEmail, maskPhone, maskTail } from "./masks";

describe("masking", () => {
  it("maskTail keeps only the last digits behind a fixed-length mask", () => {
    expect(maskTail("0123456789")).toBe("•••••••6789");
    expect(maskTail("22212345678", 2)).toBe("•••••••78");
    expect(maskTail("1234")).toBe("•••••••");
    expect(maskTail("secret", 0)).toBe("•••••••");
    expect(maskTail(null)).toBe("—");
    expect(maskTail("  ")).toBe("—");
  });

  it("maskTail of a kept tail (an audit entry's last four) shows it as the whole value's mask would", () => {
    expect(maskTail("8901", 4, { kept: "tail" })).toBe(maskTail("12345678901"));
    expect(maskTail("8901", 4, { kept: "tail" })).toBe("•••••••8901");
    // A whole value stored by mistake still shows only its tail; a shorter one shows nothing of itself.
    expect(maskTail("12345678901", 4, { kept: "tail" })).toBe("•••••••8901");
    expect(maskTail("89", 4, { kept: "tail" })).toBe("•••••••");
    expect(maskTail(undefined, 4, { kept: "tail" })).toBe("—");
  });

  it("maskEmail keeps the first letter and the domain", () => {
    expect(maskEmail("john.doe@example.com")).toBe("j•••@example.com");
    expect(maskEmail("a@b.ng")).toBe("a•••@b.ng");
    expect(maskEmail("not-an-email")).toBe("•••••••");
    expect(maskEmail(null)).toBe("—");
  });

  it("maskPhone keeps the leading + and the last two digits", () => {
    expect(maskPhone("+2348012345678")).toBe("+•••••••••78");
    expect(maskPhone("0801 234 5678")).toBe("•••••••••78");
    expect(maskPhone("12")).toBe("•••••••••");
    expect(maskPhone(null)).toBe("—");
  });

  it("never leaves the full value in the output", () => {
    for (const value of ["0123456789", "22212345678"]) expect(maskTail(value)).not.toContain(value);
    expect(maskPhone("+2348012345678")).not.toContain("8012345678");
  });
});
