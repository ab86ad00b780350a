"use client";

import { useRouter } from "next/navigation";
import type { ComponentPropsWithRef, FocusEvent, MouseEvent, TouchEvent } from "react";

type LinkProps = Omit<ComponentPropsWithRef<"a">, "href"> & {
  href: string;
  /** Replaces the current history entry instead of adding one. */
  replace?: boolean;
};

/** A path of this app: the router can show it without loading the document again. */
const inApp = (href: string) => href.startsWith("/") && !href.startsWith("//");

/**
 * A link within the app, moved to without a full page load and prefetched (up to the page's loading
 * state, as next/link does by default) once a pointer, a finger or the focus is on it. Not
 * next/link: its own code (prefetching links as they scroll into view, URL objects, link status)
 * came to about 3 KiB compressed on every signed-in page; the router it calls is loaded anyway.
 * A click with a modifier key, another button or another target is left to the browser (new tab).
 */
export function Link({ href, replace, onClick, onMouseEnter, onFocus, onTouchStart, ...props }: LinkProps) {
  const router = useRouter();
  const prefetch = () => {
    if (inApp(href)) router.prefetch(href);
  };
  return (
    <a
      {...props}
      href={href}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (event.defaultPrevented || !inApp(href) || event.button !== 0) return;
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        if ((props.target && props.target !== "_self") || props.download !== undefined) return;
        event.preventDefault();
        if (replace) router.replace(href);
        else router.push(href);
      }}
      onMouseEnter={(event: MouseEvent<HTMLAnchorElement>) => {
        onMouseEnter?.(event);
        prefetch();
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        onFocus?.(event);
        prefetch();
      }}
      onTouchStart={(event: TouchEvent<HTMLAnchorElement>) => {
        onTouchStart?.(event);
        prefetch();
      }}
    />
  );
}
