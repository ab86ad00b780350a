"use client";

import { useEffect } from "react";

const SUFFIX = " · Payments back-office";

/**
 * Names the browser tab in words once a page has read its object (the server's title can only
 * name what the address says). Null leaves the server's title alone.
 */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (!title) return;
    document.title = `${title}${SUFFIX}`;
  }, [title]);
}
