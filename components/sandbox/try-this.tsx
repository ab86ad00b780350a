"use client";

import { Link } from "@/components/ui/link";
import { cx, focusRing } from "@/components/ui/cx";
import type { TryThisLine } from "@/lib/sandbox/first-steps";

type Props = {
  /** Null outside the sandbox: then nothing is drawn. */
  line: TryThisLine | null;
  /** Given by an id box: a seed fills the box instead of opening a page. */
  onPick?: (id: string) => void;
  /** On a home: the workflow's title, linked to where it starts. */
  withTitle?: boolean;
  className?: string;
};

/** "Try this" under an id box or on a home: the sandbox's seed objects for one workflow. */
export function TryThis({ line, onPick, withTitle = false, className }: Props) {
  if (!line) return null;
  // Away from its box, a seed that is typed rather than opened (a BVN) is not shown: the box offers it.
  const seeds = onPick ? line.seeds : line.seeds.filter((seed) => seed.href !== null);
  return (
    <div className={cx("text-sm text-slate-700", className)} data-testid={`try-this-${line.workflow}`}>
      <p>
        <span className="font-semibold text-slate-900">
          {withTitle ? (
            <Link href={line.page} className={`rounded text-brand-700 underline ${focusRing}`}>
              {line.title}
            </Link>
          ) : (
            "Try this"
          )}
          :
        </span>{" "}
        {line.line}
      </p>
      {seeds.length === 0 ? (
        <p className="mt-1 text-xs text-slate-600">
          <Link href={line.page} className={`rounded text-brand-700 underline ${focusRing}`}>
            Open {line.title}
          </Link>
          : its box offers the sandbox&apos;s examples.
        </p>
      ) : null}
      <ul
        className={cx("mt-1.5 flex flex-wrap gap-x-2 gap-y-1.5", seeds.length === 0 && "hidden")}
        aria-label={`Sandbox examples: ${line.title}`}
      >
        {seeds.map((seed) => {
          const chip = cx(
            "inline-flex max-w-full items-baseline gap-1.5 rounded-md border border-slate-200 bg-white px-2 py-1 text-xs hover:bg-slate-50",
            focusRing,
          );
          const body = (
            <>
              <span className="truncate font-mono text-brand-700">{seed.shown ?? seed.id}</span>
              <span className="truncate text-slate-600">{seed.note}</span>
            </>
          );
          return (
            <li key={seed.id} className="max-w-full min-w-0">
              {onPick ? (
                <button
                  type="button"
                  className={chip}
                  onClick={() => onPick(seed.id)}
                  aria-label={`Use ${seed.shown ?? seed.id} (${seed.note})`}
                >
                  {body}
                </button>
              ) : seed.href ? (
                <Link href={seed.href} className={chip}>
                  {body}
                </Link>
              ) : (
                <span className={cx(chip, "hover:bg-white")}>{body}</span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
