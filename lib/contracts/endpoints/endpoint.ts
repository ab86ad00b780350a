import type { Contract } from "@/lib/contracts/contract";

/** One contract as the browser sees it; `contract` is never set, it only carries the contract's type. */
export type Endpoint<C extends Contract = Contract> = {
  readonly method: C["method"];
  readonly path: C["path"];
  readonly contract?: C;
} & (C extends { idempotent: true } ? { readonly idempotent: true } : { readonly idempotent?: undefined }) &
  (C["errorBodies"] extends Record<string, unknown>
    ? { readonly errorBodies: readonly (keyof C["errorBodies"] & string)[] }
    : { readonly errorBodies?: undefined });

export function endpoint<C extends Contract>(e: Omit<Endpoint<C>, "contract">): Endpoint<C> {
  return e as Endpoint<C>;
}
