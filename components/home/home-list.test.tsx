import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { objectHref } from "@/lib/finance/object-href";
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

  it("give an id or an email cut to the panel's width its whole value on hover", () => {
    const email = `oluwaseun.adebayo-okonkwo.international-settlements@very-long-subsidiary-name.example.com`;
    const id = `cus_${"x".repeat(120)}`;
    const markup = renderToStaticMarkup(
      <HomeList
        title="Staff"
        source="Members."
        empty="None."
        items={[
          { key: "a", href: objectHref("customer", id), primary: id },
          { key: "b", href: null, primary: email, secondary: `${email} · Admin` },
        ]}
      />,
    );
    expect(markup).toContain(`title="${id}"`);
    expect(markup).toContain(`title="${email}"`);
    // The second line is not cut: it wraps inside the panel, even an email with nowhere to break.
    expect(markup).toMatch(/class="[^"]*\[overflow-wrap:anywhere\][^"]*">oluwaseun/);
  });
});
