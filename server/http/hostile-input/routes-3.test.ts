import { vi } from "vitest";
import { hostileInputSuite } from "./suite";

// One of four files that share out the routes (see suite.ts); the mocks must be in the test file itself.
vi.mock("@/server/auth/session", () => import("./session-double"));
vi.mock("@/lib/permissions", async (original) => ({ ...(await original<typeof import("@/lib/permissions")>()), can: () => true }));

await hostileInputSuite({ shard: 3, of: 4 });
