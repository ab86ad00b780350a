import type { ComponentPropsWithRef, ReactNode } from "react";
import { cx, focusRing } from "./cx";
import { ScrollX } from "./scroll-x";

type TableProps = ComponentPropsWithRef<"table"> & {
  /** Names the table for screen readers; shown only when `captionVisible`. */
  caption?: ReactNode;
  /** Names the scroll box when the table is wider than its card (default: the caption when it is text). */
  scrollLabel?: string;
  captionVisible?: boolean;
};

/** Scrolls sideways inside its card instead of stretching the page on narrow screens. */
export function Table({ caption, captionVisible = false, scrollLabel, className, children, ...props }: TableProps) {
  return (
    <ScrollX label={scrollLabel ?? (typeof caption === "string" ? caption : "Table")}>
      <table {...props} className={cx("min-w-full border-collapse text-left text-sm", className)}>
        {caption ? (
          <caption className={captionVisible ? "pb-2 text-left text-sm font-medium text-slate-700" : "sr-only"}>{caption}</caption>
        ) : null}
        {children}
      </table>
    </ScrollX>
  );
}

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
          className={cx(label, "inline-flex items-center gap-1 rounded hover:text-slate-800", focusRing, align === "right" && "flex-row-reverse")}
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
    <svg viewBox="0 0 20 20" className={cx("size-3.5", sort === "none" && "opacity-40")} fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d={path} />
    </svg>
  );
}

type TDProps = ComponentPropsWithRef<"td"> & { align?: Align; mono?: boolean };

export function TD({ align = "left", mono, className, ...props }: TDProps) {
  return <td {...props} className={cx("px-3 py-2.5 align-middle text-slate-800", alignClass[align], mono && "font-mono text-xs", className)} />;
}
