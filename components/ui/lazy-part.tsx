"use client";

import { lazy, Suspense, type ComponentType, type JSX } from "react";

type PropsOf<T> = T extends ComponentType<infer P> ? P : never;
/** The names of a module's exports that are components. */
type ComponentExport<M> = { [K in keyof M]: M[K] extends ComponentType<never> ? K : never }[keyof M];

/**
 * A part of a page whose code is fetched the first time it renders, not with the page: `load` is
 * the module's `import()`, written at the call site so the bundler splits that module off there,
 * and `name` the component it exports. Nothing is drawn while the code arrives; each use decides
 * when the part first renders (a dialog on its first opening, a screen only when it is shown).
 */
export function lazyPart<M, K extends ComponentExport<M>>(load: () => Promise<M>, name: K): (props: PropsOf<M[K]>) => JSX.Element {
  // The props are checked by this function's signature; inside, the part takes them as they come.
  const Part = lazy(async () => ({ default: (await load())[name] as ComponentType<object> }));
  function LazyPart(props: PropsOf<M[K]>) {
    return (
      <Suspense fallback={null}>
        <Part {...(props as object)} />
      </Suspense>
    );
  }
  LazyPart.displayName = `lazyPart(${String(name)})`;
  return LazyPart;
}
