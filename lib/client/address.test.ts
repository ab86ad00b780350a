import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { routerListens, writeAddress } from "./address";

/** The browser's own history API, as far as writeAddress uses it: the address moves with each write. */
class BrowserHistory {
  pushState(_data: unknown, _unused: string, url?: string | URL | null) {
    if (url) address = new URL(String(url), address);
  }
  replaceState(_data: unknown, _unused: string, url?: string | URL | null) {
    if (url) address = new URL(String(url), address);
  }
}
let address = new URL("https://back-office.test/");
const nativePush = BrowserHistory.prototype.pushState;
const nativeReplace = BrowserHistory.prototype.replaceState;
const history = new BrowserHistory();
const window = {
  history,
  get location() {
    return { pathname: address.pathname, search: address.search };
  },
} as { history: BrowserHistory; location: { pathname: string; search: string }; next?: unknown };

/** Next.js's router as the browser sees it: `window.next` set at bootstrap, the history patch installed later (after hydration). */
function routerOnPage() {
  window.next = { version: "test", appDir: true };
  const seen: string[] = [];
  return {
    seen,
    patch() {
      history.pushState = function (data, unused, url) {
        seen.push(`push ${String(url)}`);
        return nativePush.call(history, data, unused, url);
      };
      history.replaceState = function (data, unused, url) {
        seen.push(`replace ${String(url)}`);
        return nativeReplace.call(history, data, unused, url);
      };
    },
  };
}

describe("writeAddress", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal("window", window);
    vi.stubGlobal("History", BrowserHistory);
    address = new URL("https://back-office.test/cards/card_1/transactions");
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    delete window.next;
    history.pushState = nativePush;
    history.replaceState = nativeReplace;
  });

  it("writes at once when there is no app router on the page", () => {
    expect(routerListens()).toBe(true);
    writeAddress(() => "/cards/card_1/transactions?status=FAILED", "push");
    expect(window.location.search).toBe("?status=FAILED");
  });

  it("writes at once through the router's patch once it is installed", () => {
    const router = routerOnPage();
    router.patch();
    writeAddress(() => "/cards/card_1/transactions?status=FAILED", "push");
    expect(router.seen).toEqual(["push /cards/card_1/transactions?status=FAILED"]);
  });

  it("holds a write made before the router listens, and makes it through the router once it does", () => {
    const router = routerOnPage();
    expect(routerListens()).toBe(false);
    writeAddress(() => `${window.location.pathname}?status=FAILED`, "push");
    vi.advanceTimersByTime(100);
    // Not written past the router: the page would not follow the address.
    expect(window.location.search).toBe("");
    router.patch();
    vi.advanceTimersByTime(20);
    expect(router.seen).toEqual(["push /cards/card_1/transactions?status=FAILED"]);
    expect(window.location.search).toBe("?status=FAILED");
  });

  it("builds a held write from the address as it is when made, so two early choices both stay", () => {
    const router = routerOnPage();
    const add = (key: string, value: string) =>
      writeAddress(() => {
        const search = new URLSearchParams(window.location.search);
        search.set(key, value);
        return `${window.location.pathname}?${search.toString()}`;
      }, "push");
    add("status", "FAILED");
    add("type", "DEBIT");
    router.patch();
    vi.advanceTimersByTime(20);
    expect(new URLSearchParams(window.location.search).get("status")).toBe("FAILED");
    expect(new URLSearchParams(window.location.search).get("type")).toBe("DEBIT");
  });

  it("drops a held write when the reader has gone to another page", () => {
    const router = routerOnPage();
    writeAddress(() => "/cards/card_1/transactions?status=FAILED", "push");
    nativePush.call(history, null, "", "/finance");
    router.patch();
    vi.advanceTimersByTime(20);
    expect(router.seen).toEqual([]);
    expect(window.location.pathname).toBe("/finance");
  });

  it("writes anyway when no router patch arrives within five seconds", () => {
    routerOnPage();
    writeAddress(() => "/cards/card_1/transactions?status=FAILED", "replace");
    vi.advanceTimersByTime(4_900);
    expect(window.location.search).toBe("");
    vi.advanceTimersByTime(200);
    expect(window.location.search).toBe("?status=FAILED");
  });
});
