import type { UseQueryResult } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BffError } from "@/lib/client/fetcher";
import { QueryErrorState, QueryState, RefreshFailed } from "./query-state";

const READ_AT = Date.parse("2026-03-02T10:15:30Z");
const failure = new BffError(500, "internal_error", "The database did not answer.");
const notFound = { title: "Customer not found", message: "No such customer." };

/** The fields of a query's result QueryState reads; the rest of a real result is never looked at. */
function queryOf<T>(state: { status: "pending" | "error" | "success"; data?: T; error?: unknown; dataUpdatedAt?: number }) {
  return { data: undefined, error: null, dataUpdatedAt: 0, refetch: () => Promise.resolve(), ...state } as unknown as UseQueryResult<T>;
}

const text = (markup: string) => markup.replace(/<[^>]+>/g, "");

describe("QueryState", () => {
  it("keeps the data on screen when a refetch fails, under a line that says so, when it was read and how to try again", () => {
    const markup = renderToStaticMarkup(
      <QueryState
        query={queryOf({ status: "error", data: "Ada's contact details", error: failure, dataUpdatedAt: READ_AT })}
        notFound={notFound}
      >
        {(data) => <p data-testid="view">{data}</p>}
      </QueryState>,
    );
    expect(markup).toContain('<p data-testid="view">Ada&#x27;s contact details</p>');
    expect(markup).toMatch(/<div role="status"[^>]*data-testid="refresh-failed"/);
    expect(text(markup)).toContain(
      "Could not refresh: The database did not answer. · showing what was read at 2 Mar 2026, 10:15:30 UTC · Try again",
    );
    expect(markup).toContain('<button type="button"');
    // The line comes before the data, and nothing says the page could not be loaded.
    expect(markup.indexOf("refresh-failed")).toBeLessThan(markup.indexOf('data-testid="view"'));
    expect(markup).not.toContain("This could not be loaded");
    expect(markup).not.toContain('role="alert"');
  });

  it("draws the failure in place of the view when nothing was ever read", () => {
    const markup = renderToStaticMarkup(
      <QueryState query={queryOf<string>({ status: "error", error: failure })} notFound={notFound}>
        {(data) => <p data-testid="view">{data}</p>}
      </QueryState>,
    );
    expect(markup).not.toContain('data-testid="view"');
    expect(markup).toContain('role="alert"');
    expect(text(markup)).toContain("This could not be loaded");
    expect(text(markup)).toContain("The database did not answer.");
    expect(text(markup)).toContain("Try again");
  });

  it("is loading until the first answer, and draws the data alone once read", () => {
    const loading = renderToStaticMarkup(
      <QueryState query={queryOf<string>({ status: "pending" })} notFound={notFound}>
        {(data) => <p data-testid="view">{data}</p>}
      </QueryState>,
    );
    expect(loading).toContain('aria-busy="true"');
    expect(loading).not.toContain('data-testid="view"');
    const loaded = renderToStaticMarkup(
      <QueryState query={queryOf({ status: "success", data: "fresh", dataUpdatedAt: READ_AT })} notFound={notFound}>
        {(data) => <p data-testid="view">{data}</p>}
      </QueryState>,
    );
    expect(loaded).toBe('<p data-testid="view">fresh</p>');
  });
});

describe("RefreshFailed", () => {
  it("says the data's age is unknown rather than inventing one, and speaks in its own words for a failure that is not the server's", () => {
    const markup = renderToStaticMarkup(
      <RefreshFailed failure={{ error: new TypeError("Failed to fetch"), readAt: null }} onRetry={() => {}} />,
    );
    expect(text(markup)).toBe("Could not refresh: Something went wrong. · showing what was read earlier · Try again");
  });
});

describe("QueryErrorState, compact", () => {
  it("says what failed, in the server's words, with a Try again, as one alert", () => {
    const markup = renderToStaticMarkup(
      <QueryErrorState compact error={failure} title="The issued cards could not be loaded" onRetry={() => {}} />,
    );
    expect(markup).toMatch(/^<div role="alert"/);
    expect(text(markup)).toBe("The issued cards could not be loaded: The database did not answer.Try again");
    expect(markup).toContain("<button");
  });
});
