"use client";

import { createContext, lazy, Suspense, useContext, useState, type ComponentType, type JSX, type LazyExoticComponent } from "react";
import { LoadFailed } from "./load-failed";

type PropsOf<T> = T extends ComponentType<infer P> ? P : never;
/** The names of a module's exports that are components. */
type ComponentExport<M> = { [K in keyof M]: M[K] extends ComponentType<never> ? K : never }[keyof M];

/** "Try again" of the part a LoadFailed stands in for (see lazyPart). */
const RetryPart = createContext<(() => void) | null>(null);

/** Where a part that could not be fetched says so: in its place, or floating (a dialog, which has no place on the page). */
export type LoadFailurePlacement = "inline" | "floating";

const FLOATING = "fixed inset-x-4 bottom-4 z-50 mx-auto max-w-md rounded-md border border-red-200 bg-white p-3 shadow-lg";

type DialogLikeProps = { open?: unknown; onCancel?: unknown; onOpenChange?: unknown };

/** How a dialog whose code did not arrive is given up: its own cancel (a step-up's, which rejects what waits on it), else closing it. */
function giveUpOf(props: DialogLikeProps): (() => void) | undefined {
  if (typeof props.onCancel === "function") return () => (props.onCancel as () => void)();
  if (typeof props.onOpenChange === "function") return () => (props.onOpenChange as (open: boolean) => void)(false);
  return undefined;
}

function partFailed(placement: LoadFailurePlacement): ComponentType<object> {
  // Given the part's props: a dialog that is closed again (`open: false`) says nothing more, and one
  // still open can be given up, or what waits on it (a step-up under a pending action) would wait for good.
  return function PartFailed(props: DialogLikeProps) {
    const retry = useContext(RetryPart);
    if (props.open === false) return null;
    const giveUp = placement === "floating" ? giveUpOf(props) : undefined;
    return <LoadFailed onRetry={() => retry?.()} onCancel={giveUp} className={placement === "floating" ? FLOATING : undefined} />;
  };
}

/**
 * `React.lazy` that can fetch again, and that fails in its place. A lazy component keeps its first
 * fetch's answer for good, a failure included, and throws it to the nearest error boundary at every
 * render: after a chunk lost on a flaky connection, a part of the shell (the search, the menu) had
 * no boundary above it but Next.js's own, which replaces the whole page. Here a failed fetch resolves
 * to `failed` (LoadFailed: "Could not load this part. Try again") and drops its lazy component, so
 * the next render makes a fresh one, whose first render calls `load()` again. `current()` is the
 * component to render now.
 */
export function retryingLazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
  failed: ComponentType<object> = partFailed("inline"),
): { current: () => LazyExoticComponent<ComponentType<P>> } {
  const fresh = (): LazyExoticComponent<ComponentType<P>> => {
    const part = lazy(async () => {
      try {
        return { default: await load() };
      } catch {
        // Only this one is dropped: one made since (after an earlier failure) stays.
        if (current === part) current = fresh();
        return { default: failed as ComponentType<P> };
      }
    });
    return part;
  };
  let current = fresh();
  return { current: () => current };
}

/**
 * A part of a page whose code is fetched the first time it renders, not with the page: `load` is
 * the module's `import()`, written at the call site so the bundler splits that module off there,
 * and `name` the component it exports. Nothing is drawn while the code arrives; each use decides
 * when the part first renders (a dialog on its first opening, a screen only when it is shown). A
 * fetch that fails draws LoadFailed instead, in the part's place or floating (`placement`, for a
 * dialog); its "Try again" renders the part again, which fetches its code afresh (retryingLazy).
 * The page around it stays as it was.
 */
export function lazyPart<M, K extends ComponentExport<M>>(
  load: () => Promise<M>,
  name: K,
  placement: LoadFailurePlacement = "inline",
): (props: PropsOf<M[K]>) => JSX.Element {
  // The props are checked by this function's signature; inside, the part takes them as they come.
  const part = retryingLazy(async () => (await load())[name] as ComponentType<object>, partFailed(placement));
  function LazyPart(props: PropsOf<M[K]>) {
    // Bumped by "Try again": this render asks part.current() again, a fresh lazy component after a failure.
    const [, setAttempt] = useState(0);
    const Part = part.current();
    return (
      <RetryPart.Provider value={() => setAttempt((n) => n + 1)}>
        <Suspense fallback={null}>
          <Part {...(props as object)} />
        </Suspense>
      </RetryPart.Provider>
    );
  }
  LazyPart.displayName = `lazyPart(${String(name)})`;
  return LazyPart;
}
