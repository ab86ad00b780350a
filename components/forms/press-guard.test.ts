import { describe, expect, it, vi } from "vitest";
import { BffError } from "@/lib/client/fetcher";
import { createPressGuard, sendOf } from "./press-guard";

/** A request whose answer comes when the test says so. */
function deferred() {
  let settle: { resolve: (value: unknown) => void; reject: (error: unknown) => void } = { resolve: () => {}, reject: () => {} };
  const promise = new Promise<unknown>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}

/** A mutation as the hook sees it: each mutateAsync is one request, answered by the test. */
function mutation() {
  const requests: Array<ReturnType<typeof deferred> & { vars: string }> = [];
  return {
    requests,
    mutateAsync: vi.fn((vars: string) => {
      const request = { ...deferred(), vars };
      requests.push(request);
      return request.promise;
    }),
  };
}

describe("one request per press (useOncePerPress, useFormSubmit)", () => {
  it("sends once when pressed twice before the answer, and is pending from the first press", async () => {
    const guard = createPressGuard();
    const save = mutation();
    const setPending = vi.fn();
    const first = guard.press(() => sendOf(save)("finance"), setPending);
    expect(setPending).toHaveBeenLastCalledWith(true);
    const second = guard.press(() => sendOf(save)("finance"), setPending);
    expect(save.mutateAsync).toHaveBeenCalledTimes(1);
    expect(guard.held).toBe(true);
    save.requests[0]!.resolve({ ok: true });
    await Promise.all([first, second]);
    expect(save.mutateAsync).toHaveBeenCalledTimes(1);
    expect(setPending).toHaveBeenLastCalledWith(false);
  });

  it("sends again for a press after the answer", async () => {
    const guard = createPressGuard();
    const save = mutation();
    const first = guard.press(
      () => sendOf(save)("ops"),
      () => {},
    );
    save.requests[0]!.resolve({ ok: true });
    await first;
    expect(guard.held).toBe(false);
    const again = guard.press(
      () => sendOf(save)("admin"),
      () => {},
    );
    expect(save.requests.map((r) => r.vars)).toEqual(["ops", "admin"]);
    save.requests[1]!.resolve({ ok: true });
    await again;
  });

  it("lets a press go after a refusal, which stays on the mutation rather than being thrown at the button", async () => {
    const guard = createPressGuard();
    const save = mutation();
    const setPending = vi.fn();
    const first = guard.press(() => sendOf(save)("ops"), setPending);
    save.requests[0]!.reject(new BffError(409, "conflict", "Changed meanwhile."));
    await expect(first).resolves.toBeUndefined();
    expect(guard.held).toBe(false);
    expect(setPending).toHaveBeenLastCalledWith(false);
    void guard.press(() => sendOf(save)("ops"), setPending);
    expect(save.mutateAsync).toHaveBeenCalledTimes(2);
  });

  it("holds a plain function the same way, and releases the guard when it throws", async () => {
    const guard = createPressGuard();
    const call = deferred();
    const send = vi.fn(() => call.promise);
    const first = guard.press(
      () => sendOf(send)(undefined),
      () => {},
    );
    void guard.press(
      () => sendOf(send)(undefined),
      () => {},
    );
    expect(send).toHaveBeenCalledTimes(1);
    call.reject(new Error("bug"));
    await expect(first).rejects.toThrow("bug");
    expect(guard.held).toBe(false);
    const next = guard.press(
      () => sendOf(send)(undefined),
      () => {},
    );
    expect(send).toHaveBeenCalledTimes(2);
    // The same (already failed) promise again: the guard lets go once more.
    await expect(next).rejects.toThrow("bug");
    expect(guard.held).toBe(false);
  });
});
