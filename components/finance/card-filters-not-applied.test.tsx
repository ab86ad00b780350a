import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { cardFiltersNotApplied } from "./card-filters-not-applied";

const text = (markup: string) => markup.replace(/<[^>]+>/g, "").replace(/\s+/g, " ");

describe("the card page's notice of filters it did not apply", () => {
  it("says which dates of the address were left out and why, as the audit trail does", () => {
    const shown = cardFiltersNotApplied(new URLSearchParams("to=9999-12-31&from=2026-02-30&status=FAILED"));
    expect(shown?.values).toEqual({ from: "2026-02-30", to: "9999-12-31" });
    const markup = renderToStaticMarkup(<>{shown?.notice}</>);
    expect(markup).toContain('role="alert"');
    expect(text(markup)).toBe(
      "Some filters in the address were not applied:" +
        "From date “2026-02-30”: That date does not exist." +
        "To date “9999-12-31”: Use a date from 0001-01-02 to 9999-12-30." +
        "The list below uses the other filters. Pick the dates again above, or leave them empty for every day.",
    );
  });

  it("says a time zone of the address is not known and that the dates are read in UTC", () => {
    const shown = cardFiltersNotApplied(new URLSearchParams("from=2025-01-01&tz=Mars/Base"));
    expect(shown?.values).toEqual({ tz: "Mars/Base" });
    expect(text(renderToStaticMarkup(<>{shown?.notice}</>))).toBe(
      "Some filters in the address were not applied:" +
        "Time zone “Mars/Base”: This time zone is not known; the dates are read in UTC." +
        "The list below uses the other filters. Pick a date again above to read the range in your own time zone.",
    );
    // With a refused date as well, both are named, and the advice is the dates'.
    const both = cardFiltersNotApplied(new URLSearchParams("from=2025-01-01&to=2025-02-30&tz=Mars/Base"));
    expect(both?.values).toEqual({ to: "2025-02-30", tz: "Mars/Base" });
    expect(text(renderToStaticMarkup(<>{both?.notice}</>))).toContain("Pick the dates again above");
  });

  it("is not there when every date applies", () => {
    expect(cardFiltersNotApplied(new URLSearchParams("from=2026-02-01&to=2026-02-28"))).toBeUndefined();
    expect(cardFiltersNotApplied(new URLSearchParams())).toBeUndefined();
    expect(cardFiltersNotApplied(new URLSearchParams("from=2026-02-01&tz=Africa/Lagos"))).toBeUndefined();
  });
});
