/** Rows per request: a screenful or two; the table asks for the pages it scrolls to. */
export const CARD_PAGE_SIZE = 100;
