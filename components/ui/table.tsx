import type { ComponentPropsWithRef, ReactNode } from "react";
import { cx, focusRing } from "./cx";
import { ScrollX } from "./scroll-x";

type TableProps = ComponentPropsWithRef<"table"> & {
  /** Names the table for screen readers; shown only when `captionVisible`. */
  caption?: ReactNode;
  /** Names the scroll box when the table is wider than its card (default: the caption when it is text). */
  scrollLabel?: string;
  captionVisible?: boolean;
  /**
   * Below the md width each row becomes a card of labelled fields (give each cell a `label`), so a
   * phone shows every column without scrolling sideways; a wide row of actions stays reachable.
   */
  stackOnPhone?: boolean;
};

/** Scrolls sideways inside its card instead of stretching the page on narrow screens. */
export function Table({ caption, captionVisible = false, scrollLabel, stackOnPhone = false, className, children, ...props }: TableProps) {
  return (
    <ScrollX label={scrollLabel ?? (typeof caption === "string" ? caption : "Table")}>
      <table {...props} className={cx("min-w-full border-collapse text-left text-sm", stackOnPhone && stackedClasses, className)}>
        {caption ? (
          <caption className={captionVisible ? "pb-2 text-left text-sm font-medium text-slate-700" : "sr-only"}>{caption}</caption>
        ) : null}
        {children}
      </table>
    </ScrollX>
  );
}

// The header row stays for screen readers (each cell is still announced with its column) while the
// cells' own labels show the names on screen.
const stackedClasses = cx(
  "max-md:block max-md:[&>thead]:sr-only max-md:[&>tbody]:block",
  // A column of cells, so a row's own control can move to the card's end (`max-md:order-last`).
  "max-md:[&>tbody>tr]:flex max-md:[&>tbody>tr]:flex-col max-md:[&>tbody>tr]:px-4 max-md:[&>tbody>tr]:py-3",
  "max-md:[&>tbody>tr>td]:flex max-md:[&>tbody>tr>td]:items-baseline max-md:[&>tbody>tr>td]:gap-3 max-md:[&>tbody>tr>td]:px-0 max-md:[&>tbody>tr>td]:py-1 max-md:[&>tbody>tr>td]:text-left",
);

export function THead({ className, ...props }: ComponentPropsWithRef<"thead">) {
  return <thead {...props} className={cx("border-b border-slate-200 bg-slate-50", className)} />;
}

export function TBody({ className, ...props }: ComponentPropsWithRef<"tbody">) {
  return <tbody {...props} className={cx("divide-y divide-slate-100 bg-white", className)} />;
}

export function TR({ className, ...props }: ComponentPropsWithRef<"tr">) {
  return <tr {...props} className={cx("hover:bg-slate-50/70", className)} />;
}

type Align = "left" | "right" | "center";
const alignClass: Record<Align, string> = { left: "text-left", right: "text-right", center: "text-center" };

export type SortDirection = "ascending" | "descending" | "none";

type THProps = Omit<ComponentPropsWithRef<"th">, "scope"> & {
  align?: Align;
  /** Makes the header a sort button; `sort` is the column's current order. */
  onSort?: () => void;
  sort?: SortDirection;
};

export function TH({ align = "left", onSort, sort = "none", className, children, ...props }: THProps) {
  const label = "px-3 py-2 text-xs font-semibold tracking-wide text-slate-500 uppercase";
  return (
    <th {...props} scope="col" aria-sort={onSort ? sort : undefined} className={cx(onSort ? "p-1" : label, alignClass[align], className)}>
      {onSort ? (
        <button
          type="button"
          onClick={onSort}
          className={cx(
            label,
            "inline-flex items-center gap-1 rounded hover:text-slate-800",
            focusRing,
            align === "right" && "flex-row-reverse",
          )}
        >
          {children}
          <SortIcon sort={sort} />
        </button>
      ) : (
        children
      )}
    </th>
  );
}

function SortIcon({ sort }: { sort: SortDirection }) {
  const path = sort === "ascending" ? "M5 12l5-5 5 5" : sort === "descending" ? "M5 8l5 5 5-5" : "M6 8l4-4 4 4M6 12l4 4 4-4";
  return (
    <svg
      viewBox="0 0 20 20"
      className={cx("size-3.5", sort === "none" && "opacity-40")}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d={path} />
    </svg>
  );
}

type TDProps = ComponentPropsWithRef<"td"> & {
  align?: Align;
  mono?: boolean;
  /** In a `stackOnPhone` table: the column's name, shown before the value on a phone (hidden from screen readers, which have the header). */
  label?: string;
};

export function TD({ align = "left", mono, label, className, children, ...props }: TDProps) {
  return (
    <td {...props} className={cx("px-3 py-2.5 align-middle text-slate-800", alignClass[align], mono && "font-mono text-xs", className)}>
      {label ? (
        <span
          aria-hidden="true"
          className="hidden w-28 shrink-0 font-sans text-xs font-semibold tracking-wide text-slate-500 uppercase max-md:block"
        >
          {label}
        </span>
      ) : null}
      {label ? <div className="min-w-0">{children}</div> : children}
    </td>
  );
}
