import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { objectHref } from "@/lib/finance/objects";
import { HomeList } from "./home-list";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push() {}, replace() {}, prefetch() {} }) }));

describe("a home panel's rows", () => {
  it("link each object to its page, and show an id that could not open one without a link", () => {
    // A queue row from the upstream whose customer id is outside the path allowlist: its page would answer 400.
    const markup = renderToStaticMarkup(
      <HomeList
        title="Work queue"
        source="Customers by their stored verification state."
        empty="Nobody is waiting."
        items={[
          { key: "a", href: objectHref("customer", "cus_plain_1"), primary: "cus_plain_1" },
          { key: "b", href: objectHref("customer", "cus odd/1"), primary: "cus odd/1" },
        ]}
      />,
    );
    expect(markup.match(/<a /g)).toHaveLength(1);
    expect(markup).toContain('href="/customers/cus_plain_1"');
    expect(markup).toContain("cus odd/1");
    expect(markup).not.toContain("cus%20odd");
  });
});
