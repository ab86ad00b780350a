import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { ShownCardWindow } from "@/lib/client/card-transactions";
import { BffError } from "@/lib/client/fetcher";
import { DEFAULT_STATE } from "@/lib/finance/card-table-state";
import { RefreshLine, Summary } from "./card-transactions-view";

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push() {}, replace() {}, prefetch() {} }),
  useSearchParams: () => new URLSearchParams(),
}));

const shown: ShownCardWindow = {
  snapshot: { id: "snap", fetchedAt: "2026-01-03T09:30:00Z", checkedAt: "2026-01-03T09:30:00Z", total: 3 },
  matched: 3,
  totals: [],
  currencies: [],
  statuses: [],
  types: [],
  offset: 0,
  rows: [],
  view: DEFAULT_STATE,
};

const text = (markup: string) => markup.replace(/<[^>]+>/g, "").replace(/\s+/g, " ");
const timeout = new BffError(504, "upstream_timeout", "The payments API did not answer in time.");

describe("the card list's Refresh, as drawn", () => {
  it("says it is working while the list is read again: the button busy and not pressable, the status read out", () => {
    const idle = renderToStaticMarkup(<Summary shown={shown} updating={false} refreshing={false} onRefresh={() => {}} />);
    expect(idle).toMatch(/<button[^>]*data-testid="card-refresh"[^>]*><span[^>]*>Refresh<\/span><\/button>/);
    expect(idle).not.toContain('aria-disabled="true"');

    const busy = renderToStaticMarkup(<Summary shown={shown} updating refreshing onRefresh={() => {}} />);
    const button = busy.match(/<button[^>]*data-testid="card-refresh"[^>]*>.*?<\/button>/)?.[0] ?? "";
    expect(button).toContain('aria-disabled="true"');
    expect(button).toContain("animate-spin");
    expect(text(button)).toBe("Refreshing…");
    // The rows' count and the time of the copy still on screen stay.
    expect(text(busy)).toContain("List as of");

    const status = renderToStaticMarkup(
      <RefreshLine status={{ kind: "refreshing", failedBefore: null }} shown={shown} onRetry={() => {}} />,
    );
    expect(status).toMatch(/<p role="status"[^>]*>Reading the card(&#x27;|')s transactions again from the payments API…<\/p>/);
    expect(status).not.toContain("Could not refresh");
  });

  it("after a failed Refresh, says why and when the list shown was read, with Try again", () => {
    const markup = renderToStaticMarkup(<RefreshLine status={{ kind: "failed", error: timeout }} shown={shown} onRetry={() => {}} />);
    // The same line every view draws when a refetch fails (components/shell/query-state.tsx RefreshFailed).
    expect(markup).toContain('data-testid="card-refresh-failed"');
    expect(markup).toContain('dateTime="2026-01-03T09:30:00Z"');
    expect(text(markup)).toMatch(
      /^Could not refresh: The payments API did not answer in time\. · showing what was read at .*2026.*09:30.*Try again$/,
    );
    // Tried again: the line stays (its button keeps the focus), working.
    const retrying = renderToStaticMarkup(
      <RefreshLine status={{ kind: "refreshing", failedBefore: { error: timeout } }} shown={shown} onRetry={() => {}} />,
    );
    expect(text(retrying)).toContain("Could not refresh: The payments API did not answer in time.");
    expect(retrying).toMatch(/<button[^>]*aria-disabled="true"[^>]*>.*Trying again…<\/button>/);
    // Nothing to say when no Refresh was asked for.
    expect(text(renderToStaticMarkup(<RefreshLine status={{ kind: "idle" }} shown={shown} onRetry={() => {}} />)).trim()).toBe("");
  });
});
