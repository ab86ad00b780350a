"use client";

import { useEffect, useState } from "react";

const loaded = new Map<() => Promise<unknown>, unknown>();

/**
 * A module fetched only once `needed` is true (rows to act on, a range to check), then kept for the
 * tab: a component mounted later starts with it. `load` must be one function defined at module level
 * (it keys the cache). Null until it has arrived; the caller keeps its loading state until then, so
 * what it draws does not change under the reader.
 */
export function useModuleWhen<M>(needed: boolean, load: () => Promise<M>): M | null {
  const [module, setModule] = useState<M | null>(() => (loaded.get(load) as M | undefined) ?? null);
  useEffect(() => {
    if (!needed || module) return;
    let live = true;
    void load().then((m) => {
      loaded.set(load, m);
      if (live) setModule(() => m);
    });
    return () => {
      live = false;
    };
  }, [needed, module, load]);
  return module;
}
