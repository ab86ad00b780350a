import { beforeAll, describe, expect, it, vi } from "vitest";
import { addressAllowlist } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { withFreshDatabase } from "@/server/testing/database";

const proxy = vi.hoisted(() => ({ trusted: false }));
vi.mock("@/server/env", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/server/env")>();
  return { ...actual, env: () => ({ ...actual.env(), trustProxy: proxy.trusted }) };
});

const { assertAddressAllowed, readAllowlist } = await import("./address-allowlist");

let db: Db;
withFreshDatabase((handle) => (db = handle));

const from = (forwardedFor: string) => new Headers({ "x-forwarded-for": forwardedFor });
const verdict = (forwardedFor: string) =>
  assertAddressAllowed({ db, headers: from(forwardedFor) }).then(
    () => "allowed",
    (error: { code?: string }) => error.code,
  );

beforeAll(async () => {
  await db.insert(addressAllowlist).values({ id: 1, ranges: ["10.0.0.0/8", "2001:db8::/32"] });
  await readAllowlist({ db, headers: new Headers() }); // this instance's copy, read now
});

describe("the allowlist check and the client address", () => {
  it("without TRUST_PROXY: the single address Next wrote is judged; a list (only a client writes one) is refused", async () => {
    proxy.trusted = false;
    expect(await verdict("10.1.2.3")).toBe("allowed");
    expect(await verdict("::ffff:10.1.2.3")).toBe("allowed");
    expect(await verdict("2001:db8::5")).toBe("allowed");
    expect(await verdict("192.0.2.1")).toBe("address_not_allowed");
    // A forged entry in front of the real one does not get in: the list as a whole is "unknown".
    expect(await verdict("10.1.2.3, 192.0.2.1")).toBe("address_not_allowed");
    expect(await verdict("not-an-address")).toBe("address_not_allowed");
  });

  it("with TRUST_PROXY: the proxy's right-most entry counts, whatever the client put before it", async () => {
    proxy.trusted = true;
    expect(await verdict("10.9.9.9, 192.0.2.1")).toBe("address_not_allowed");
    expect(await verdict("192.0.2.1, 10.9.9.9")).toBe("allowed");
    expect(await verdict("forged, 2001:db8::1")).toBe("allowed");
  });

  it("no header at all (no address known) is refused while the list has ranges", async () => {
    proxy.trusted = false;
    await expect(assertAddressAllowed({ db, headers: new Headers() })).rejects.toMatchObject({ code: "address_not_allowed", status: 403 });
  });
});
