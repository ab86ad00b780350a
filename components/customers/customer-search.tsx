"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { objectHref } from "@/lib/finance/object-href";

/** Goes to /customers/<id>; the id is checked here first so a typo gets a message, not a request. */
export function CustomerSearch({ compact = false }: { compact?: boolean }) {
  const router = useRouter();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const href = objectHref("customer", value.trim());
    if (href === null) {
      setError(
        value.trim() === "" ? "Enter a customer id." : "Customer ids are letters, digits, '-' and '_' only, at most 128 characters.",
      );
      return;
    }
    setError(undefined);
    router.push(href);
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      role="search"
      aria-label="Find a customer"
      className={compact ? "flex items-start gap-2" : "flex max-w-xl items-start gap-2"}
    >
      <Field label="Customer id" htmlFor={compact ? "customer-search-compact" : "customer-search"} error={error} className="flex-1">
        <Input
          id={compact ? "customer-search-compact" : "customer-search"}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder="cus_…"
          autoComplete="off"
          spellCheck={false}
        />
      </Field>
      {/* Level with the input (below its label), not with the error message under it. */}
      <Button type="submit" variant={compact ? "secondary" : "primary"} className="mt-[1.625rem] shrink-0">
        Open
      </Button>
    </form>
  );
}
