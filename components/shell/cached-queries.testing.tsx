import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/** When the tests' cached data was read: 2 Mar 2026, 10:15:30 UTC. */
export const READ_AT = Date.parse("2026-03-02T10:15:30Z");

/**
 * For tests: a client whose cache holds, for each key, what a read left there: data, a failure, or
 * both (a refetch that failed after an answer). Nothing is read again as a part mounts, so what a
 * render draws is what the cache holds.
 */
export function clientWith(entries: { queryKey: readonly unknown[]; data?: unknown; error?: Error }[]): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Infinity } } });
  for (const { queryKey, data, error } of entries) {
    if (data !== undefined) client.setQueryData(queryKey, data, { updatedAt: READ_AT });
    else client.getQueryCache().build(client, { queryKey });
    if (error) client.getQueryCache().find({ queryKey })!.setState({ status: "error", error });
  }
  return client;
}

export const renderWith = (client: QueryClient, node: ReactNode): string =>
  renderToStaticMarkup(<QueryClientProvider client={client}>{node}</QueryClientProvider>);

/** The text of static markup, without its tags. */
export const textOf = (markup: string): string => markup.replace(/<[^>]+>/g, "");
