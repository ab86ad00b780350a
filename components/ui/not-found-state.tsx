import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import { buttonClasses } from "./button";
import { cx } from "./cx";
import { statePanel } from "./state-panel";

type NotFoundStateProps = {
  title?: string;
  message?: ReactNode;
  href?: string;
  linkLabel?: string;
  className?: string;
};

export function NotFoundState({
  title = "Not found",
  message = "It may have been removed, or the address is wrong.",
  href = "/",
  linkLabel = "Back to the back-office",
  className,
}: NotFoundStateProps) {
  return (
    <div className={cx(statePanel, "border-slate-200 shadow-sm", className)}>
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <p className="mx-auto mt-1 max-w-prose text-sm text-slate-600">{message}</p>
      <Link href={href} className={cx(buttonClasses("secondary", "sm"), "mt-4")}>
        {linkLabel}
      </Link>
    </div>
  );
}
