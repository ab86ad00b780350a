import "server-only";

export type AcquiredToken = { accessToken: string; expiresAtMs: number };

export type TokenCacheOptions = {
  /** Performs `POST /auth`; may throw. */
  acquire: () => Promise<AcquiredToken>;
  now?: () => number;
  /**
   * How long before expiry a token counts as stale and a refresh starts, at most: a token that
   * lives less than twice this is refreshed halfway through its life instead.
   */
  refreshAheadMs?: number;
  /** Told each time a caller waits for an acquisition another caller started (for the metrics). */
  onSharedWait?: () => void;
};

/**
 * Holds the one bearer token of the business. Concurrent callers on a cold or expired cache share
 * a single acquisition (single-flight); a failed acquisition is not cached, so the next caller tries
 * again. A token inside the refresh-ahead window is still served while a background refresh runs.
 */
export class TokenCache {
  private current: (AcquiredToken & { refreshAtMs: number }) | undefined;
  private inflight: Promise<AcquiredToken> | undefined;
  private readonly acquireFn: () => Promise<AcquiredToken>;
  private readonly now: () => number;
  private readonly refreshAheadMs: number;
  private readonly onSharedWait: (() => void) | undefined;

  constructor(options: TokenCacheOptions) {
    this.acquireFn = options.acquire;
    this.now = options.now ?? Date.now;
    this.refreshAheadMs = options.refreshAheadMs ?? 60_000;
    this.onSharedWait = options.onSharedWait;
  }

  /** The cached token while it is fresh, without waiting: most calls need nothing more. */
  fresh(): string | undefined {
    const token = this.current;
    return token && this.now() < token.refreshAtMs ? token.accessToken : undefined;
  }

  async get(): Promise<string> {
    const fresh = this.fresh();
    if (fresh !== undefined) return fresh;
    const token = this.current;
    const now = this.now();
    if (token && now < token.expiresAtMs) {
      // Stale but valid: refresh in the background, serve the current one meanwhile.
      this.acquire().catch(() => undefined);
      return token.accessToken;
    }
    if (this.inflight) this.onSharedWait?.();
    return (await this.acquire()).accessToken;
  }

  /** Drops `accessToken` if it is still the cached one (a 401 proved it dead); a newer token is kept. */
  invalidate(accessToken: string): void {
    if (this.current?.accessToken === accessToken) this.current = undefined;
  }

  private acquire(): Promise<AcquiredToken> {
    this.inflight ??= this.acquireFn()
      .then((acquired) => {
        const now = this.now();
        // Bounded here, where every token passes (TOKEN_LIFETIME_MS says why both ways).
        const lifetimeMs = Math.min(Math.max(acquired.expiresAtMs - now, TOKEN_LIFETIME_MS.floor), TOKEN_LIFETIME_MS.ceiling);
        const expiresAtMs = now + lifetimeMs;
        // Refreshed halfway through a life no longer than the refresh-ahead window, rather than
        // being stale from the start.
        const token = { ...acquired, expiresAtMs, refreshAtMs: expiresAtMs - Math.min(this.refreshAheadMs, lifetimeMs / 2) };
        this.current = token;
        return token;
      })
      .finally(() => {
        this.inflight = undefined;
      });
    return this.inflight;
  }
}

/** Assumed lifetime when the API gives no usable expiry (the spec does not state one). */
export const FALLBACK_TOKEN_LIFETIME_MS = 5 * 60_000;

/**
 * The shortest and longest lifetime a token is given, whatever expiry it claims (read by
 * expiryFromResponse). The ceiling is the provider's hour: its tokens last one hour (its public
 * documentation; the spec leaves the lifetime "not shown"), so a later expiry (a microsecond value,
 * `1e20`, year 9999) is misread or absurd, and trusting it would meet the real end as a 401 and a
 * replay on every call instead of a refresh ahead of it. The floor guards against an auth storm: an
 * expiry a millisecond after `issued_at` would otherwise send `POST /auth` with nearly every call; a
 * token that truly dies sooner is dropped on its first 401 (callUpstream replays with a new one).
 */
export const TOKEN_LIFETIME_MS = { floor: 30_000, ceiling: 60 * 60_000 } as const;

/**
 * The spec does not say whether `expires_at` and `issued_at` are in seconds or milliseconds: values
 * above 1e12 are read as milliseconds (1e12 ms is 2001; 1e12 s is far in the future); a string is
 * an ISO 8601 date-time (lib/schemas/auth-token.ts lets no other string through, and none for
 * `issued_at`). With both, the lifetime is their difference, counted from `now`: both are on the
 * provider's clock, which may be ahead of or behind ours. A missing expiry, one already past, or
 * one not after `issued_at` gets the short fallback lifetime so we neither hammer /auth nor trust
 * it long.
 */
export function expiryFromResponse(expiresAt: number | string | null | undefined, now: number, issuedAt?: number | string | null): number {
  const ms = epochMs(expiresAt);
  const issuedMs = epochMs(issuedAt);
  if (Number.isFinite(ms) && Number.isFinite(issuedMs)) return ms > issuedMs ? now + (ms - issuedMs) : now + FALLBACK_TOKEN_LIFETIME_MS;
  return Number.isFinite(ms) && ms > now ? ms : now + FALLBACK_TOKEN_LIFETIME_MS;
}

function epochMs(value: number | string | null | undefined): number {
  if (typeof value === "string") return Date.parse(value);
  if (typeof value !== "number" || value <= 0) return Number.NaN;
  return value > 1e12 ? value : value * 1000;
}
