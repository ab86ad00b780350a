import { readFileSync } from "node:fs";
import { TEST_BVNS } from "@/e2e/compliance/test-bvns";

/** After the project: neither instance nor the simulator printed a test BVN or a password hash (reveals included). */
export default function scanLogs(): void {
  for (const file of [".data/e2e-multi-app-1.log", ".data/e2e-multi-app-2.log", ".data/e2e-multi-simulator.log"]) {
    const text = readFileSync(file, "utf8");
    if (!/Ready|ready|simulator/.test(text)) throw new Error(`${file} does not look like the server's output`);
    for (const bvn of TEST_BVNS) if (text.includes(bvn)) throw new Error(`${file} contains the test BVN ${bvn.slice(-4)}`);
    if (text.includes("scrypt$")) throw new Error(`${file} contains a password hash`);
  }
}
