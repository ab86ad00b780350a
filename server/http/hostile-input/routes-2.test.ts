import { vi } from "vitest";
import { hostileInputSuite } from "@/server/testing/hostile-input-suite";

// One of four files that share out the routes (see server/testing/hostile-input-suite.ts); the mocks must be in the test file itself.
vi.mock("@/server/auth/session", () => import("@/server/testing/session-double"));
vi.mock("@/lib/permissions", async (original) => ({ ...(await original<typeof import("@/lib/permissions")>()), can: () => true }));

await hostileInputSuite({ shard: 2, of: 4 });
