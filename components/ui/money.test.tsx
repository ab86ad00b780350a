import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Money } from "./money";

const text = (markup: string) => markup.replace(/<[^>]+>/g, "");

describe("Money", () => {
  it("shows a decimal written out with every digit, a credit signed, a negative in red", () => {
    expect(text(renderToStaticMarkup(<Money amount="135107988821113.50" currency="USD" />))).toBe("$135,107,988,821,113.50");
    expect(text(renderToStaticMarkup(<Money amount="-700.00" currency="USD" credit />))).toBe("+$700.00");
    expect(renderToStaticMarkup(<Money amount="-7.00" currency="USD" />)).toContain("text-red-700");
    expect(text(renderToStaticMarkup(<Money amount={12.5} currency="USD" />))).toBe("$12.50");
  });
});
