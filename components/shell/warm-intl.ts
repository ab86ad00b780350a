/**
 * Inline in the head (app/layout.tsx), before any chunk: a worker that formats one date and one
 * amount, names one country, and ends. A browser's first date, number or time-zone formatting loads its ICU data for
 * the whole process, 60–100 ms of one thread on a 2-core machine, and every page of the app formats
 * while it hydrates (the header's zone, dates, amounts). Done on another thread while the page's
 * scripts still download, the page's own first use takes about a millisecond (the bench's
 * `bundles` step measures the main thread's script time with and without it). Nothing depends on
 * it: where workers are missing or refused, the page pays that first use itself, as before. The
 * worker is a blob, so no request is made for it; the page policy allows blob workers only
 * (server/http/security-headers.ts).
 */
const WORKER_SOURCE = [
  'new Intl.DateTimeFormat("en-US", { timeZone: "UTC", timeZoneName: "short" }).formatToParts(0);',
  'new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(0);',
  // Country names (lib/format/code-words.ts) come from other ICU data: 12-43 ms of a phone's main
  // thread the first time, about 1 ms once this worker has read them.
  'new Intl.DisplayNames(["en"], { type: "region", fallback: "none" }).of("NG");',
  "close();",
].join("");

// The blob's URL is let go once the worker has it: the URL standard resolves a blob URL when it is parsed.
export const WARM_INTL_SCRIPT = `try {
  var url = URL.createObjectURL(new Blob([${JSON.stringify(WORKER_SOURCE)}], { type: "text/javascript" }));
  new Worker(url);
  URL.revokeObjectURL(url);
} catch (e) {}`;
