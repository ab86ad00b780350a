import { describe, expect, it } from "vitest";
import { BffError } from "./fetcher";
import { queryView } from "./query-view";

const READ_AT = Date.parse("2026-03-02T10:15:30Z");
const failure = new BffError(503, "upstream_unavailable", "The payments API is not answering.");

describe("what a view draws for a query", () => {
  it("draws the data it holds when a refetch fails, with the failure and when the data was read", () => {
    const view = queryView({ status: "error", data: { id: "cus_1" }, error: failure, dataUpdatedAt: READ_AT });
    expect(view).toEqual({ kind: "data", data: { id: "cus_1" }, refreshFailed: { error: failure, readAt: READ_AT } });
  });

  it("draws the failure only when there is no data to keep", () => {
    expect(queryView({ status: "error", data: undefined, error: failure, dataUpdatedAt: 0 })).toEqual({ kind: "error", error: failure });
  });

  it("is loading until the first answer", () => {
    expect(queryView({ status: "pending", data: undefined, error: null, dataUpdatedAt: 0 })).toEqual({ kind: "loading" });
  });

  it("draws the data without a failure once a read succeeds", () => {
    expect(queryView({ status: "success", data: [], error: null, dataUpdatedAt: READ_AT })).toEqual({
      kind: "data",
      data: [],
      refreshFailed: null,
    });
  });

  it("keeps falsy data (an empty list, zero, false): only undefined is no data", () => {
    for (const data of [0, false, "", null]) {
      expect(queryView({ status: "error", data, error: failure, dataUpdatedAt: READ_AT })).toMatchObject({ kind: "data", data });
    }
  });

  it("says nothing of when the data was read when the query does not know", () => {
    expect(queryView({ status: "error", data: 1, error: failure, dataUpdatedAt: 0 })).toMatchObject({ refreshFailed: { readAt: null } });
  });

  it("drops the data when a refetch says it is no longer this member's to see", () => {
    for (const status of [401, 403, 404]) {
      const error = new BffError(status, "forbidden", "Your role does not allow this.");
      expect(queryView({ status: "error", data: { n: 1 }, error, dataUpdatedAt: 1 })).toEqual({ kind: "error", error });
    }
    const outage = new BffError(503, "upstream_unavailable", "The payments API is not answering.");
    expect(queryView({ status: "error", data: { n: 1 }, error: outage, dataUpdatedAt: 1 })).toMatchObject({ kind: "data" });
  });
});
