"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useDocumentTitle } from "@/components/shell/document-title";
import { QueryState } from "@/components/shell/query-state";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/error-state";
import { Field, Input } from "@/components/ui/field";
import { Money } from "@/components/ui/money";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { TryThis } from "@/components/sandbox/try-this";
import { MaybeLink } from "@/components/ui/maybe-link";
import type { TryThisLine } from "@/lib/sandbox/first-steps";
import { normaliseSearchId } from "@/lib/finance/objects";
import { billerItemsHref } from "@/lib/finance/object-href";
import { billCategoryQuery, billItemsQuery } from "@/lib/client/finance";

// A category id here is one the page or the picker already checked.
const e = encodeURIComponent;
const crumbs = [
  { label: "Finance", href: "/finance" },
  { label: "Bill catalogue", href: "/bills/categories" },
];

/** The API cannot list categories, only read one by id: so the way in is its id (and, in the sandbox, its seed ones). */
export function CategoryPicker({ tryThis = null }: { tryThis?: TryThisLine | null }) {
  const router = useRouter();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = normaliseSearchId(value);
    if ("error" in checked) return setError(checked.error);
    router.push(`/bills/categories/${e(checked.id)}`);
  };
  return (
    <>
      <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
        <Field label="Category id" htmlFor="category-id" hint="The category's id, as the payments API names it." error={error}>
          <Input id="category-id" value={value} onChange={(ev) => setValue(ev.target.value)} className="font-mono" />
        </Field>
        <Button type="submit" className="sm:mb-[1.375rem]">
          Browse
        </Button>
      </form>
      <TryThis line={tryThis} className="mt-4 border-t border-slate-100 pt-4" />
    </>
  );
}

export function CategoryEntries({ categoryId }: { categoryId: string }) {
  const query = useQuery(billCategoryQuery(categoryId));
  return (
    <>
      <PageHeader title={categoryId} subtitle="Bill category: billers" breadcrumbs={crumbs} />
      <QueryState
        query={query}
        waitingFor="the billers of this category"
        notFound={{ title: "Category not found", message: `No bill category has the id ${categoryId}.` }}
      >
        {(entries) =>
          entries.length === 0 ? (
            <EmptyState title="No billers" message="This category has no billers." />
          ) : (
            <Card title="Billers" flush>
              <ul className="divide-y divide-slate-100">
                {entries.map((entry) => (
                  <li key={entry.id}>
                    <BillerRow categoryId={categoryId} entry={entry} />
                  </li>
                ))}
              </ul>
            </Card>
          )
        }
      </QueryState>
    </>
  );
}

export function BillerItems({ categoryId, itemId }: { categoryId: string; itemId: string }) {
  const query = useQuery(billItemsQuery(categoryId, itemId));
  // The items answer does not name their biller; the category's list does (already read when the
  // biller was picked from it), so the page and its tab say "Ikeja Electric", not biller_ikeja_electric.
  const category = useQuery(billCategoryQuery(categoryId));
  const billerName = category.data?.find((entry) => entry.id === itemId)?.name ?? null;
  useDocumentTitle(billerName ? `${billerName} · Biller items` : null);
  return (
    <>
      <PageHeader
        title={billerName ?? itemId}
        subtitle={billerName ? `Biller items · ${itemId}` : "Biller items"}
        breadcrumbs={[...crumbs, { label: categoryId, href: `/bills/categories/${e(categoryId)}` }]}
      />
      <QueryState
        query={query}
        waitingFor="the biller's items"
        notFound={{ title: "Biller not found", message: `Category ${categoryId} has no biller ${itemId}.` }}
      >
        {(items) =>
          items.length === 0 ? (
            <EmptyState title="No items" message="This biller has no items." />
          ) : (
            <Card title="Items" flush>
              <Table caption={`Items of ${billerName ?? itemId}`} stackOnPhone>
                <THead>
                  <tr>
                    <TH>Name</TH>
                    <TH>Code</TH>
                    <TH>Currency</TH>
                    <TH align="right">Amount</TH>
                    <TH align="right">Fee</TH>
                  </tr>
                </THead>
                <TBody>
                  {items.map((item) => (
                    <TR key={item.id} data-testid="biller-item-row">
                      <TD label="Name">{item.name ?? item.id}</TD>
                      <TD label="Code" mono>
                        {item.code ?? "—"}
                      </TD>
                      <TD label="Currency">{item.currency ?? "—"}</TD>
                      <TD label="Amount" align="right">
                        <Money amount={item.amount} currency={item.currency} />
                      </TD>
                      <TD label="Fee" align="right">
                        <Money amount={item.fee} currency={item.currency} />
                      </TD>
                    </TR>
                  ))}
                </TBody>
              </Table>
            </Card>
          )
        }
      </QueryState>
    </>
  );
}

/** A biller links to its items; one whose id could not name a page is listed without a link (see billerItemsHref). */
function BillerRow({ categoryId, entry }: { categoryId: string; entry: { id: string; name?: string | null } }) {
  const href = billerItemsHref(categoryId, entry.id);
  return (
    <MaybeLink href={href} className="flex justify-between px-5 py-3 text-sm" linkClassName="hover:bg-slate-50">
      <span className={`font-medium ${href === null ? "text-slate-900" : "text-brand-700"}`}>{entry.name ?? entry.id}</span>
      <span className="font-mono text-xs text-slate-500">{entry.id}</span>
    </MaybeLink>
  );
}
