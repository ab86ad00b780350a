import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * V8's explicit compile hint (Chrome 136 and later; other engines read a comment): every function of a
 * script that begins with it is compiled while the script is parsed, on the thread that streams it
 * in, instead of on the main thread the first time each function runs. Our first-load chunks run
 * nearly all their functions on load (module factories, React's render), so this moves that
 * compilation off the main thread a phone must keep free (docs/benchmarks-history.md: Lighthouse's
 * mobile blocking time about halved).
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * Chrome streams (parses off the main thread) only scripts of at least 30 KiB. A smaller one is
 * parsed on the main thread, where eager compilation would only move the work, and each hint costs
 * its page about 30 compressed bytes.
 */
export const STREAMED_SCRIPT_BYTES = 30 * 1024;

/** Prepends the hint to every JavaScript chunk in `dir` that Chrome streams; returns the files hinted. */
export async function addCompileHints(dir: string): Promise<string[]> {
  const hinted: string[] = [];
  for (const name of await readdir(dir)) {
    if (!name.endsWith(".js")) continue;
    const path = join(dir, name);
    if ((await stat(path)).size < STREAMED_SCRIPT_BYTES) continue;
    const code = await readFile(path, "utf8");
    if (code.startsWith(COMPILE_HINT)) continue;
    await writeFile(path, COMPILE_HINT + code);
    hinted.push(name);
  }
  return hinted;
}
