import type { Capability } from "@/lib/permissions";

/**
 * The pages a saved view belongs to: a closed list. Each names the capability that opens it (a
 * member may only save, see or use views of pages their role opens) and the keys of its filters in
 * the URL's query. Plain data and string work only: the saved-views menu draws with its page, and
 * the filters' schemas (view-pages.ts) load with the first save.
 */
export const viewPages = ["card_transactions", "audit", "customers"] as const;
export type ViewPage = (typeof viewPages)[number];

/** The filters as they sit in the URL's query: only keys that are set, each a string. */
export type ViewFilters = Record<string, string>;

export type ViewPageInfo = {
  label: string;
  capability: Capability;
  /** The filter keys of the page's URL, in the order a view's address writes them. */
  keys: readonly string[];
};

export const VIEW_PAGE_INFO: Record<ViewPage, ViewPageInfo> = {
  card_transactions: {
    label: "Card transactions",
    capability: "finance.read",
    keys: ["sort", "dir", "status", "type", "q", "from", "to", "tz", "currency"],
  },
  audit: { label: "Audit trail", capability: "audit.read", keys: ["staff", "action", "outcome", "from", "to", "tz"] },
  customers: { label: "Customers", capability: "verification.read", keys: ["state", "q"] },
};

export function isViewPage(value: unknown): value is ViewPage {
  return typeof value === "string" && (viewPages as readonly string[]).includes(value);
}

export const MAX_VIEW_NAME = 60;

/** The stored form of filters its page's schema accepted: in the page's key order, without empty values, defaults, or a zone without a date. */
export function canonicalFilters(page: ViewPage, data: Record<string, string | undefined>): ViewFilters {
  const out: ViewFilters = {};
  for (const key of VIEW_PAGE_INFO[page].keys) {
    const value = data[key];
    if (value !== undefined && value !== "") out[key] = value;
  }
  if (page === "card_transactions") {
    if (out.sort === "date") delete out.sort;
    if (out.dir === "desc") delete out.dir;
  }
  // A zone only means something with a date (both pages read their days in it).
  if (!out.from && !out.to) delete out.tz;
  return out;
}

/**
 * Whether two filter sets mean the same view, as the page reads them (values trimmed, the currency
 * in capitals, the canonical form). The browser's check of "changed since the view was opened":
 * the server still reads every saved view with the page's schema.
 */
export function sameFilters(page: ViewPage, a: ViewFilters, b: ViewFilters): boolean {
  const read = (filters: ViewFilters) =>
    JSON.stringify(
      canonicalFilters(
        page,
        Object.fromEntries(
          Object.entries(filters).map(([key, value]) => [key, key === "currency" ? value.trim().toUpperCase() : value.trim()]),
        ),
      ),
    );
  return read(a) === read(b);
}

/** The page's filters present in a URL's query (anything else in it is not part of a view). */
export function filtersInSearch(page: ViewPage, search: URLSearchParams): ViewFilters {
  const out: ViewFilters = {};
  for (const key of VIEW_PAGE_INFO[page].keys) {
    const value = search.get(key);
    if (value !== null && value.trim() !== "") out[key] = value;
  }
  return out;
}

/** `?view=none`: the page without any view, even when the member has a default. */
export const NO_VIEW = "none";

/** A view's address on its page: its filters, then `view=<id>` so the page knows which view is open. */
export function viewSearch(page: ViewPage, filters: ViewFilters, id: string): string {
  const search = new URLSearchParams();
  for (const key of VIEW_PAGE_INFO[page].keys) if (filters[key]) search.set(key, filters[key]);
  search.set("view", id);
  return `?${search.toString()}`;
}
