import { z } from "@/lib/validation/zod";
import { plainText } from "@/lib/validation/text-schemas";

/** What can be found: objects the back-office has read, customers it holds a state for, pages. */
export const searchKinds = ["transaction", "bill", "collection", "card", "customer", "page"] as const;

export const searchResultSchema = z.object({
  kind: z.enum(searchKinds),
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  href: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResponseSchema = z.object({ results: z.array(searchResultSchema) });

export const SEARCH_MAX_LENGTH = 128;

/** `?q=`: one line of at most 128 characters (an id, a reference, an account number, a page name). */
export const searchQuerySchema = z.object({ q: plainText("search text", { max: SEARCH_MAX_LENGTH }) });
