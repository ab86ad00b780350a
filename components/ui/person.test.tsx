import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Person } from "./person";

const text = (markup: string) => markup.replace(/<[^>]+>/g, "");

describe("a staff member named on a page", () => {
  it("reads as name (email): two members may share a name, never an email", () => {
    expect(text(renderToStaticMarkup(<Person name="Ada Obi" email="ada.obi@example.com" />))).toBe("Ada Obi (ada.obi@example.com)");
  });

  it("is the name alone where the answer carries no email", () => {
    expect(text(renderToStaticMarkup(<Person name="an administrator" />))).toBe("an administrator");
    expect(text(renderToStaticMarkup(<Person name="Ada Obi" email={null} />))).toBe("Ada Obi");
  });
});
