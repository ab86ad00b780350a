/**
 * Hashes, keys and internal ids mean nothing to a reader at a glance; compliance still needs them,
 * so the audit page puts them in a "Technical details" fold rather than among the words.
 */
const TECHNICAL_KEY = /hash|key|reservation|uuid|request_?id|replay_of|http_status|^code$/i;
const TECHNICAL_VALUE = /^(?:[0-9a-f]{32,}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

export function isTechnicalDetail(key: string, value: unknown): boolean {
  return TECHNICAL_KEY.test(key) || (typeof value === "string" && TECHNICAL_VALUE.test(value));
}

/** An entry's detail split into what is read (in words) and what is kept for compliance. */
export function splitDetail(detail: Record<string, unknown> | null | undefined): {
  plain: [string, unknown][];
  technical: [string, unknown][];
} {
  const all = Object.entries(detail ?? {});
  return { plain: all.filter(([k, v]) => !isTechnicalDetail(k, v)), technical: all.filter(([k, v]) => isTechnicalDetail(k, v)) };
}
