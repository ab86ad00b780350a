import "server-only";
import { env } from "@/server/env";

/** A fresh, unguessable nonce for one response: 128 random bits. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

/**
 * The page policy. Scripts run only with this response's nonce; `'strict-dynamic'` lets those
 * scripts load Next's chunks, so no host list is needed (and `'self'` is only a fallback for
 * browsers without CSP 3). Styles allow inline because SSR writes `style` attributes (the virtual
 * table's height) and a style cannot run code. Dev adds `'unsafe-eval'`: React uses eval there
 * to rebuild server stacks.
 */
export function contentSecurityPolicy(nonce: string, options: { dev: boolean; https: boolean }): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${options.dev ? " ws: wss:" : ""}`,
    // The head's one worker (components/shell/warm-intl.ts) is a blob; without this a worker falls
    // back to script-src, which allows no blob. Starting one takes running script already.
    "worker-src blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

export type PageSecurity = {
  nonce: string;
  /** The request headers to render with: Next reads the nonce from the CSP header and puts it on its scripts. */
  requestHeaders: Headers;
  /** Adds the policy (and, in production, HSTS and COOP) to whatever response the proxy returns. */
  apply<R extends Response>(response: R): R;
};

/**
 * Per-request security headers for pages. HSTS and COOP are sent when BUSINESS_API_ENVIRONMENT is
 * production (a real deployment behind TLS): sending HSTS from a developer's http://localhost would
 * pin localhost to https in that browser for two years.
 */
export function pageSecurity(request: Request): PageSecurity {
  const config = env();
  const production = config.environment === "production";
  const nonce = newNonce();
  const policy = contentSecurityPolicy(nonce, { dev: !config.isProductionBuild, https: production });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", policy);
  return {
    nonce,
    requestHeaders,
    apply(response) {
      response.headers.set("Content-Security-Policy", policy);
      if (production) {
        response.headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
        response.headers.set("Cross-Origin-Opener-Policy", "same-origin");
      }
      return response;
    },
  };
}
