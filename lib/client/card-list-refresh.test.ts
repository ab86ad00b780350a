import { describe, expect, it } from "vitest";
import { BffError } from "./fetcher";
import {
  cardListSource,
  initialCardListState,
  listAnswered,
  listFailed,
  refreshStatus,
  reloadReleased,
  startRefresh,
  type CardListState,
} from "./card-list-refresh";

const timeout = new Error("504: the payments API did not answer in time");

/** The page opened on snapshot "s1", pinned from the server render. */
const opened = initialCardListState("s1");

describe("the card list's Refresh", () => {
  it("reads the pinned snapshot until Refresh, then the card's list again, with nothing else moved", () => {
    expect(cardListSource(opened)).toEqual({ snapshot: "s1" });
    expect(refreshStatus(opened)).toEqual({ kind: "idle" });
    const refreshing = startRefresh(opened);
    expect(cardListSource(refreshing)).toEqual({ generation: 1, refresh: true });
    // The pin stays while the new list is read: the rows, totals and CSV on screen are still s1's.
    expect(refreshing.pinned).toBe("s1");
    expect(refreshStatus(refreshing)).toEqual({ kind: "refreshing", failedBefore: null });
    // A second press while it works asks nothing more.
    expect(startRefresh(refreshing)).toBe(refreshing);
  });

  it("pins the refreshed snapshot once it arrives, and is idle again", () => {
    const refreshing = startRefresh(opened);
    const done = listAnswered(refreshing, cardListSource(refreshing), "s2");
    expect(done).toEqual({ pinned: "s2", generation: 1, refresh: null });
    expect(cardListSource(done)).toEqual({ snapshot: "s2" });
    expect(refreshStatus(done)).toEqual({ kind: "idle" });
    // The same new list answered for another view (a filter changed meanwhile) changes nothing more.
    expect(listAnswered(done, { generation: 1, refresh: true }, "s2")).toBe(done);
  });

  it("keeps the pinned snapshot when the refresh fails, says why, and tries again from there", () => {
    const refreshing = startRefresh(opened);
    const failed = listFailed(refreshing, cardListSource(refreshing), timeout);
    expect(failed.pinned).toBe("s1");
    // Back to the pinned copy, whose answers are cached: the list, totals and Export stay.
    expect(cardListSource(failed)).toEqual({ snapshot: "s1" });
    expect(refreshStatus(failed)).toEqual({ kind: "failed", error: timeout });
    // Called again on the next render with the same failed result: the same state, so no render loop.
    expect(listFailed(failed, cardListSource(refreshing), timeout)).toBe(failed);

    const again = startRefresh(failed);
    expect(cardListSource(again)).toEqual({ generation: 2, refresh: true });
    // The failure stays said while it is tried again (the banner keeps its button, and the focus).
    expect(refreshStatus(again)).toEqual({ kind: "refreshing", failedBefore: { error: timeout } });
    const done = listAnswered(again, cardListSource(again), "s3");
    expect(done).toEqual({ pinned: "s3", generation: 2, refresh: null });
  });

  it("drops the pinned copy when the Refresh says the list is no longer this member's (401, 403, 404)", () => {
    for (const status of [401, 403, 404]) {
      const refreshing = startRefresh(opened);
      const refused = new BffError(status, "forbidden", "Your role does not allow this.");
      const after = listFailed(refreshing, cardListSource(refreshing), refused);
      expect(after.pinned).toBeUndefined();
      // Nothing pinned: the view reads a new list, whose refusal is drawn in the list's place.
      expect(cardListSource(after)).toEqual({ generation: 1, refresh: false });
      expect(refreshStatus(after)).toEqual({ kind: "idle" });
    }
  });

  it("leaves a failure with nothing to fall back on, or of a view of the pinned snapshot, to the list's own error", () => {
    // Nothing pinned (the first load, or a reload after the snapshot was released): no copy to keep.
    const first = initialCardListState(undefined);
    expect(listFailed(first, cardListSource(first), timeout)).toBe(first);
    const noPin = startRefresh(first);
    expect(listFailed(noPin, cardListSource(noPin), timeout)).toBe(noPin);
    // A new filter on the pinned snapshot failing is not a failed Refresh.
    expect(listFailed(opened, { snapshot: "s1" }, timeout)).toBe(opened);
  });

  it("ignores what an earlier Refresh or reload answers after a later one was asked for", () => {
    const first = startRefresh(opened);
    const failed = listFailed(first, cardListSource(first), timeout);
    const second = startRefresh(failed);
    const late = cardListSource(first);
    expect(listAnswered(second, late, "s-late")).toBe(second);
    expect(listFailed(second, late, timeout)).toBe(second);
    // An answer of the failed try arriving after the failure (another view of it) does not end it quietly.
    expect(listAnswered(failed, late, "s-late")).toBe(failed);
  });

  it("starts from a new list when the pinned snapshot was released, ending any Refresh", () => {
    const failed = listFailed(startRefresh(opened), { generation: 1, refresh: true }, timeout);
    const reloaded: CardListState = reloadReleased(failed);
    expect(reloaded).toEqual({ pinned: undefined, generation: 2, refresh: null });
    expect(cardListSource(reloaded)).toEqual({ generation: 2, refresh: false });
    expect(refreshStatus(reloaded)).toEqual({ kind: "idle" });
    expect(listAnswered(reloaded, cardListSource(reloaded), "s4")).toEqual({ pinned: "s4", generation: 2, refresh: null });
  });

  it("pins the first list a page without a server render is given", () => {
    const first = initialCardListState(undefined);
    expect(cardListSource(first)).toEqual({ generation: 0, refresh: false });
    const pinned = listAnswered(first, cardListSource(first), "s1");
    expect(pinned).toEqual({ pinned: "s1", generation: 0, refresh: null });
    expect(listAnswered(pinned, { generation: 0, refresh: false }, "s1")).toBe(pinned);
  });
});
