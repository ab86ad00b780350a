import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { directoryStates, type DirectoryRow } from "@/lib/customers/directory";
import { CustomerDirectory } from "./customer-directory";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push() {}, replace() {}, prefetch() {} }) }));

describe("the customer directory", () => {
  it("lets a long customer id wrap in its cell rather than push the page sideways", () => {
    // Ids may be up to 128 characters, with no space to break at.
    const id = `cus_${"a1b2".repeat(31)}`;
    const row: DirectoryRow = {
      customer_id: id,
      state: directoryStates[0]!,
      cards_issued: 2,
      contact_set: true,
      last_checked_at: null,
      last_activity_at: "2026-01-02T10:00:00Z",
    };
    const markup = renderToStaticMarkup(
      <CustomerDirectory
        rows={[row]}
        more={false}
        limit={50}
        query={{ state: undefined, q: undefined }}
        errors={{}}
        raw={{ state: "", q: "" }}
      />,
    );
    const cell = markup.match(/<td class="([^"]*)">(?:(?!<\/td>).)*?<a [^>]*>cus_/)?.[1];
    expect(cell).toBeDefined();
    expect(cell!.split(" ")).toContain("[overflow-wrap:anywhere]");
    expect(cell!.split(" ")).not.toContain("whitespace-nowrap");
    expect(markup).toContain(`>${id}</a>`);
  });
});
