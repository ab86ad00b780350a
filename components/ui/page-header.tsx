import type { ReactNode } from "react";
import { Breadcrumbs } from "./breadcrumbs";
import { cx } from "./cx";
import { SHOWN_WHOLE, WholeEnd } from "./shown-whole";

export type Breadcrumb = { label: string; href?: string };

type PageHeaderProps = {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  /**
   * Ancestors of this page, used only where lib/navigation cannot tell them from the address
   * (the address is the one source of the trail, so every page of one kind shows the same links).
   */
  breadcrumbs?: Breadcrumb[];
  className?: string;
};

export function PageHeader({ title, subtitle, actions, breadcrumbs, className }: PageHeaderProps) {
  return (
    <div className={cx("mb-6 space-y-2", className)}>
      <Breadcrumbs fallback={breadcrumbs} />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          {/* Ids are long and unbroken: wrap them anywhere rather than cut them off. */}
          <h1 className="text-xl font-semibold [overflow-wrap:anywhere] text-slate-900">{title}</h1>
          {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
        </div>
        {actions ? (
          <div className={cx("flex max-w-full min-w-0 flex-wrap items-center gap-2", SHOWN_WHOLE)}>
            {actions}
            <WholeEnd />
          </div>
        ) : null}
      </div>
    </div>
  );
}
