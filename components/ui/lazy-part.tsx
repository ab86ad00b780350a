"use client";

import { lazy, Suspense, type ComponentType, type JSX, type LazyExoticComponent } from "react";

type PropsOf<T> = T extends ComponentType<infer P> ? P : never;
/** The names of a module's exports that are components. */
type ComponentExport<M> = { [K in keyof M]: M[K] extends ComponentType<never> ? K : never }[keyof M];

/**
 * `React.lazy` that can fetch again. A lazy component keeps its first fetch's answer for good, a
 * failure included: after a chunk lost on a flaky connection, every render would throw the same
 * error, and the error boundary's "Try again" would show the error again. Here a failed fetch
 * drops its lazy component, so the next render (the boundary's retry) makes a fresh one, whose
 * first render calls `load()` again. `current()` is the component to render now.
 */
export function retryingLazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
): { current: () => LazyExoticComponent<ComponentType<P>> } {
  const fresh = (): LazyExoticComponent<ComponentType<P>> => {
    const part = lazy(async () => {
      try {
        return { default: await load() };
      } catch (error) {
        // Only this one is dropped: one made since (after an earlier failure) stays.
        if (current === part) current = fresh();
        throw error;
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
 * fetch that fails reaches the nearest error boundary; rendered again (its "Try again"), the part
 * fetches its code afresh (retryingLazy).
 */
export function lazyPart<M, K extends ComponentExport<M>>(load: () => Promise<M>, name: K): (props: PropsOf<M[K]>) => JSX.Element {
  // The props are checked by this function's signature; inside, the part takes them as they come.
  const part = retryingLazy(async () => (await load())[name] as ComponentType<object>);
  function LazyPart(props: PropsOf<M[K]>) {
    const Part = part.current();
    return (
      <Suspense fallback={null}>
        <Part {...(props as object)} />
      </Suspense>
    );
  }
  LazyPart.displayName = `lazyPart(${String(name)})`;
  return LazyPart;
}
