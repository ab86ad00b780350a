import type { ShownCardWindow } from "@/lib/client/card-transactions";

// Below 58rem of the table's box the six columns do not fit (the date column holds the longest
// zone labels, "29 Oct 2026, 13:14:25 GMT+13:45"): each row becomes two lines, what and
// how much above, when and its status below, with the reference and the type read out to screen
// readers only (the detail page shows both; the amount's sign shows a credit). A container query,
// so the first paint, before any script, is right; it also sets the row height (ROW_HEIGHT_VAR),
// which the virtualizer reads back rather than knowing the breakpoint itself.
export const ROW_HEIGHT_VAR = "--card-row-height";
// The virtualizer's guess until the table is measured: the wide height in the table's class.
export const WIDE_ROW_HEIGHT = 44;
// Enough rows for a tall screen in the server render, before the browser can measure the box.
export const SERVER_RECT = { width: 1200, height: 720 };
export const OVERSCAN = 8;
/**
 * The rows drawn before the virtualizer is loaded: the ones it draws itself before measuring (a
 * 720 px box of 44 px rows, and the overscan), so the page looks the same with or without it.
 */
export const FIRST_ROWS = Math.ceil(SERVER_RECT.height / WIDE_ROW_HEIGHT) + OVERSCAN;

type CardRowOf = ShownCardWindow["rows"][number];

/** What the virtualizer hands the table to draw: for which view, which rows, and a page that failed. */
export type LiveRows = {
  first: ShownCardWindow;
  indexes: number[];
  rowAt: (index: number) => CardRowOf | undefined;
  failed: { error: unknown; retry: () => void } | null;
};
