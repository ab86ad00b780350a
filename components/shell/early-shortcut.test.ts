import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { EARLY_SHORTCUT_SCRIPT, takeEarlyPresses } from "./early-shortcut";

type Key = { key: string; ctrlKey?: boolean; metaKey?: boolean };

/** The script run as a page would, in a window with or without the palette's button. */
function page(hasPalette: boolean) {
  const listeners: ((e: unknown) => void)[] = [];
  const window: Record<string, unknown> = {};
  const context = {
    window,
    addEventListener: (type: string, listener: (e: unknown) => void) => type === "keydown" && listeners.push(listener),
    document: { querySelector: (selector: string) => (hasPalette && selector.includes("Control+K") ? {} : null) },
  };
  runInNewContext(EARLY_SHORTCUT_SCRIPT, context);
  const press = (key: Key) => {
    let prevented = false;
    for (const listener of listeners) listener({ ...key, preventDefault: () => (prevented = true) });
    return prevented;
  };
  return { window, press };
}

describe("the shortcut caught before hydration", () => {
  it("keeps Ctrl+K and ⌘K from the browser and counts them, in either case of the letter", () => {
    const { window, press } = page(true);
    expect(press({ key: "k", ctrlKey: true })).toBe(true);
    expect(press({ key: "K", metaKey: true })).toBe(true);
    expect(press({ key: "k", ctrlKey: true })).toBe(true);
    expect(takeEarlyPresses(window)).toBe(3);
  });

  it("leaves other keys, and Ctrl+K on a page without the palette (sign-in), to the browser", () => {
    const bare = page(false);
    expect(bare.press({ key: "k", ctrlKey: true })).toBe(false);
    expect(takeEarlyPresses(bare.window)).toBe(0);
    const shell = page(true);
    expect(shell.press({ key: "k" })).toBe(false);
    expect(shell.press({ key: "j", ctrlKey: true })).toBe(false);
    expect(takeEarlyPresses(shell.window)).toBe(0);
  });

  it("stands down once the palette has taken the count, which it takes once", () => {
    const { window, press } = page(true);
    press({ key: "k", ctrlKey: true });
    expect(takeEarlyPresses(window)).toBe(1);
    expect(press({ key: "k", ctrlKey: true })).toBe(false);
    expect(takeEarlyPresses(window)).toBe(0);
  });

  it("counts nothing on a page the script never ran on", () => {
    expect(takeEarlyPresses({})).toBe(0);
  });
});
