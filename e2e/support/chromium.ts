import { existsSync } from "node:fs";

/** Debian's browser, where it is installed (this project's machines); Playwright's own elsewhere. */
const DEBIAN_CHROMIUM = "/usr/bin/chromium";
/**
 * Debian's headless shell: the same engine without the desktop browser around it. Playwright itself
 * runs headless tests in this build; against the full browser the end-to-end suite spent about a
 * quarter more CPU in Chromium (its display compositor and browser process), on two cores that the
 * Playwright lanes share.
 */
const DEBIAN_HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/** The full browser: for a person watching (`--headed`, `--ui`, `PWDEBUG`) and for Lighthouse. */
export function chromiumPath(): string | undefined {
  return process.env.CHROMIUM_PATH ?? (existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined);
}

/** The browser the Playwright suites drive: the headless shell when installed and nobody watches. */
export function testBrowserPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const watched = process.argv.some((arg) => arg === "--headed" || arg === "--ui" || arg === "--debug") || !!process.env.PWDEBUG;
  if (!watched && existsSync(DEBIAN_HEADLESS_SHELL)) return DEBIAN_HEADLESS_SHELL;
  return chromiumPath();
}

/**
 * The flags every browser this project launches runs with: no sandbox (CI runs as root), no GPU (there
 * is none), and none of the browser's own background traffic (updates, sync, first-run pages), which
 * would fall inside the tests' and the bench's measurements.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
