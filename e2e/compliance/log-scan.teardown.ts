import { readFileSync } from "node:fs";
import { APP_LOG, SIMULATOR_LOG } from "@/e2e/support/servers";
import { TEST_BVNS } from "./test-bvns";

/** What a stored password looks like (server/auth/password.ts): no log line may hold one. */
const PASSWORD_HASH = "scrypt$";

/** After the whole suite: no line the app server or the simulator printed may contain a test BVN or a password hash. */
export default function scanLogs(): void {
  for (const file of [APP_LOG, SIMULATOR_LOG]) {
    const text = readFileSync(file, "utf8");
    // Guards against a check that passes because nothing was captured.
    if (!/Ready|ready|simulator/.test(text)) throw new Error(`${file} does not look like the server's output`);
    for (const bvn of TEST_BVNS) if (text.includes(bvn)) throw new Error(`${file} contains the test BVN ${bvn.slice(-4)}`);
    if (text.includes(PASSWORD_HASH)) throw new Error(`${file} contains a password hash (${PASSWORD_HASH}…)`);
  }
}
