import { Command } from "cmdk";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { ResultItem } from "./command-palette-dialog";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push() {}, replace() {}, prefetch() {} }) }));

describe("a search result in the command palette", () => {
  it("gives its title and subtitle, cut to the dialog's width, their whole value on hover", () => {
    const id = `txn_${"9".repeat(100)}`;
    const subtitle = `USD 12.00 · ref ${"R".repeat(60)} · Harbor & Pine Trading Ltd`;
    const markup = renderToStaticMarkup(
      <Command label="Search">
        <Command.List>
          <ResultItem result={{ kind: "transaction", id, title: id, subtitle, href: `/transactions/${id}` }} onSelect={() => {}} />
          <ResultItem result={{ kind: "card", id: "card_1", title: "card_1", subtitle: "", href: "/cards/card_1" }} onSelect={() => {}} />
        </Command.List>
      </Command>,
    );
    expect(markup).toContain(`title="${id}"`);
    expect(markup).toContain(`title="USD 12.00 · ref ${"R".repeat(60)} · Harbor &amp; Pine Trading Ltd"`);
    // No subtitle of its own: the kind, on screen and on hover.
    expect(markup).toContain('title="Card">Card</span>');
  });
});
