/**
 * The request header the proxy fills with a page's path and query, so a page that finds the session
 * gone can send the reader to sign-in and back here. The proxy overwrites whatever a client sent, and
 * the value is still read through safeCallbackUrl.
 */
export const PAGE_PATH_HEADER = "x-page-path";
