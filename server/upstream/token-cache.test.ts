import { describe, expect, it, vi } from "vitest";
import { expiryFromResponse, FALLBACK_TOKEN_LIFETIME_MS, TOKEN_LIFETIME_MS, TokenCache } from "./token-cache";

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("TokenCache", () => {
  it("makes exactly one acquisition for 200 concurrent callers on a cold cache", async () => {
    const gate = deferred<{ accessToken: string; expiresAtMs: number }>();
    const acquire = vi.fn(() => gate.promise);
    const cache = new TokenCache({ acquire, now: () => 0 });
    const all = Promise.all(Array.from({ length: 200 }, () => cache.get()));
    gate.resolve({ accessToken: "t1", expiresAtMs: 3_600_000 });
    expect(new Set(await all)).toEqual(new Set(["t1"]));
    expect(acquire).toHaveBeenCalledTimes(1);
  });

  it("tells of each caller that waits for another's acquisition (199 of 200), and of none once a token is held", async () => {
    const gate = deferred<{ accessToken: string; expiresAtMs: number }>();
    const onSharedWait = vi.fn();
    const cache = new TokenCache({ acquire: () => gate.promise, now: () => 0, onSharedWait });
    const all = Promise.all(Array.from({ length: 200 }, () => cache.get()));
    gate.resolve({ accessToken: "t1", expiresAtMs: 3_600_000 });
    await all;
    expect(onSharedWait).toHaveBeenCalledTimes(199);
    await cache.get();
    expect(onSharedWait).toHaveBeenCalledTimes(199);
  });

  it("serves a cached token without acquiring again", async () => {
    const acquire = vi.fn(async () => ({ accessToken: "t1", expiresAtMs: 3_600_000 }));
    const cache = new TokenCache({ acquire, now: () => 0 });
    await cache.get();
    await cache.get();
    expect(acquire).toHaveBeenCalledTimes(1);
  });

  it("does not cache a failed acquisition: the next caller tries again", async () => {
    let calls = 0;
    const acquire = vi.fn(async () => {
      calls++;
      if (calls === 1) throw new Error("auth down");
      return { accessToken: "t2", expiresAtMs: 3_600_000 };
    });
    const cache = new TokenCache({ acquire, now: () => 0 });
    const first = await Promise.allSettled([cache.get(), cache.get(), cache.get()]);
    expect(first.every((r) => r.status === "rejected")).toBe(true);
    expect(acquire).toHaveBeenCalledTimes(1);
    await expect(cache.get()).resolves.toBe("t2");
    expect(acquire).toHaveBeenCalledTimes(2);
  });

  it("refreshes ahead of expiry in the background while still serving the valid token", async () => {
    let now = 0;
    let n = 0;
    const acquire = vi.fn(async () => ({ accessToken: `t${++n}`, expiresAtMs: now + 600_000 }));
    const cache = new TokenCache({ acquire, now: () => now, refreshAheadMs: 60_000 });
    expect(await cache.get()).toBe("t1");
    now = 550_000; // inside the refresh-ahead window, not yet expired
    expect(await cache.get()).toBe("t1");
    await Promise.resolve();
    await Promise.resolve();
    expect(acquire).toHaveBeenCalledTimes(2);
    expect(await cache.get()).toBe("t2");
  });

  it("hands a fresh token over without waiting, and none once it is due for refresh", async () => {
    let now = 0;
    const cache = new TokenCache({
      acquire: async () => ({ accessToken: "t1", expiresAtMs: 600_000 }),
      now: () => now,
      refreshAheadMs: 60_000,
    });
    expect(cache.fresh()).toBeUndefined();
    await cache.get();
    expect(cache.fresh()).toBe("t1");
    now = 550_000; // stale: the caller goes through get(), which starts the refresh
    expect(cache.fresh()).toBeUndefined();
  });

  it("refreshes a token that lives no longer than the refresh-ahead window halfway through its life, not on every call", async () => {
    let now = 0;
    let n = 0;
    const acquire = vi.fn(async () => ({ accessToken: `t${++n}`, expiresAtMs: now + 30_000 }));
    const cache = new TokenCache({ acquire, now: () => now, refreshAheadMs: 60_000 });
    expect(await cache.get()).toBe("t1");
    now = 14_999;
    expect(cache.fresh()).toBe("t1");
    expect(await cache.get()).toBe("t1");
    expect(acquire).toHaveBeenCalledTimes(1);
    now = 15_000; // halfway: refreshed in the background, the valid token served meanwhile
    expect(cache.fresh()).toBeUndefined();
    expect(await cache.get()).toBe("t1");
    await vi.waitFor(() => expect(acquire).toHaveBeenCalledTimes(2));
    expect(cache.fresh()).toBe("t2");
  });

  it("acquires a new token once the old one has expired", async () => {
    let now = 0;
    let n = 0;
    const acquire = vi.fn(async () => ({ accessToken: `t${++n}`, expiresAtMs: now + 600_000 }));
    const cache = new TokenCache({ acquire, now: () => now });
    await cache.get();
    now = 700_000;
    expect(await cache.get()).toBe("t2");
  });

  it("invalidate drops only the token that failed, never a newer one", async () => {
    let n = 0;
    const acquire = vi.fn(async () => ({ accessToken: `t${++n}`, expiresAtMs: 3_600_000 }));
    const cache = new TokenCache({ acquire, now: () => 0 });
    await cache.get();
    cache.invalidate("t1");
    expect(await cache.get()).toBe("t2");
    cache.invalidate("t1"); // a late 401 for the old token
    expect(await cache.get()).toBe("t2");
    expect(acquire).toHaveBeenCalledTimes(2);
  });
});

describe("expiryFromResponse", () => {
  const now = Date.UTC(2026, 10, 21);
  it("reads seconds", () => expect(expiryFromResponse(now / 1000 + 3600, now)).toBe(now + 3_600_000));
  it("reads milliseconds", () => expect(expiryFromResponse(now + 3_600_000, now)).toBe(now + 3_600_000));
  it("assumes a short lifetime when absent", () => expect(expiryFromResponse(undefined, now)).toBe(now + FALLBACK_TOKEN_LIFETIME_MS));
  it("assumes a short lifetime when already past", () =>
    expect(expiryFromResponse(now / 1000 - 10, now)).toBe(now + FALLBACK_TOKEN_LIFETIME_MS));
});

describe("a very distant expiry", () => {
  const now = Date.UTC(2026, 10, 21);
  const HOUR = 60 * 60_000;
  it.each([
    ["microseconds", now * 1000],
    ["1e15", 1e15],
    ["1.8e15", 1.8e15],
    ["1e20", 1e20],
    ["1e11 seconds", 1e11],
    ["9999-12-31T00:00:00Z", "9999-12-31T00:00:00Z"],
  ])("(%s) is trusted for the provider's hour at most, and the token is refreshed ahead of that", async (_, expiresAt) => {
    let clock = now;
    let n = 0;
    const acquire = vi.fn(async () => ({ accessToken: `t${++n}`, expiresAtMs: expiryFromResponse(expiresAt, clock) }));
    const cache = new TokenCache({ acquire, now: () => clock, refreshAheadMs: 60_000 });
    expect(await cache.get()).toBe("t1");
    clock = now + HOUR - 60_000 - 1;
    expect(cache.fresh()).toBe("t1");
    clock = now + HOUR - 30_000; // inside the refresh-ahead window of the bounded expiry
    expect(await cache.get()).toBe("t1");
    await vi.waitFor(() => expect(acquire).toHaveBeenCalledTimes(2));
    expect(await cache.get()).toBe("t2");
    clock = now + HOUR; // no call meets the claimed expiry's token past the hour
    expect(await cache.get()).toBe("t2");
  });
});

describe("a token that claims to live a millisecond", () => {
  it("is kept for the floor, so 20 calls in flight over 20 ms share one POST /auth", async () => {
    let clock = Date.UTC(2026, 10, 21);
    let n = 0;
    // issued_at + 1 in milliseconds: expiryFromResponse gives it a 1-ms life.
    const acquire = vi.fn(async () => ({ accessToken: `t${++n}`, expiresAtMs: expiryFromResponse(clock + 1, clock, clock) }));
    const cache = new TokenCache({ acquire, now: () => clock, refreshAheadMs: 60_000 });
    const calls: Promise<string>[] = [];
    for (let i = 0; i < 20; i++) {
      calls.push(cache.get());
      await Promise.resolve();
      clock += 1;
    }
    expect(new Set(await Promise.all(calls))).toEqual(new Set(["t1"]));
    expect(acquire).toHaveBeenCalledTimes(1);
    clock += TOKEN_LIFETIME_MS.floor; // past the floor: a new token, still not one per call
    await cache.get();
    await vi.waitFor(() => expect(acquire).toHaveBeenCalledTimes(2));
  });
});
