import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { MaybeLink } from "@/components/ui/maybe-link";

/** `href` is null for a row whose object has no page it could open (see objectHref). */
export type HomeListItem = { key: string; href: string | null; primary: ReactNode; secondary?: ReactNode; aside?: ReactNode };

type Props = {
  title: string;
  /** Where the list comes from: the upstream has no list endpoints, so every panel says what it is built from. */
  source: string;
  empty: string;
  items: HomeListItem[];
  actions?: ReactNode;
  testId?: string;
};

const titleOf = (node: ReactNode) => (typeof node === "string" || typeof node === "number" ? String(node) : undefined);

/** One panel of the home page: a titled list whose rows link to each object's page. */
export function HomeList({ title, source, empty, items, actions, testId }: Props) {
  return (
    <Card title={title} description={source} actions={actions} flush>
      {items.length === 0 ? (
        <p className="px-5 py-4 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid={testId}>
          {items.map((item) => (
            <li key={item.key} className="flex items-center gap-2 pr-3 hover:bg-slate-50">
              <MaybeLink
                href={item.href}
                className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-x-3 gap-y-1 px-5 py-3 text-sm"
              >
                <span className="min-w-0">
                  {/* An id or an email cut to the panel's width: the whole of it on hover. */}
                  <span
                    className={`block truncate font-mono ${item.href === null ? "text-slate-700" : "text-brand-700"}`}
                    title={titleOf(item.primary)}
                  >
                    {item.primary}
                  </span>
                  {item.secondary ? <span className="block text-xs text-slate-600 [overflow-wrap:anywhere]">{item.secondary}</span> : null}
                </span>
                {/* Right-aligned lines hug the right edge even when a long secondary line pushes them onto a line of their own. */}
                {item.aside ? <span className="text-xs text-slate-600 sm:ml-auto sm:text-right">{item.aside}</span> : null}
              </MaybeLink>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
