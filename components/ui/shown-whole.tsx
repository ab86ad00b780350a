/**
 * For a row whose parts share its width: a right-aligned group, or a grid with a column sized by
 * its content. A browser painting the page mid-stream (a slow phone does, on a long page) would
 * draw it part-built and reflow it as the rest arrived: a layout shift. With SHOWN_WHOLE on the
 * row and <WholeEnd /> as its last child, the row stays invisible until that child is parsed.
 * Reversing the source order instead would scramble the keyboard order.
 */
export const SHOWN_WHOLE = "[&:not(:has(>[data-whole-end]))]:invisible";

/** The last child of a SHOWN_WHOLE row; takes no room (a hidden element is no flex or grid item). */
export function WholeEnd() {
  return <span data-whole-end hidden />;
}
