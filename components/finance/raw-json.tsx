"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { exactJson } from "@/lib/format/exact-json";

/** The parsed object as JSON, for when someone needs to see exactly what the API sent (after parsing). */
export function RawJson({ value }: { value: unknown }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="mt-6">
      <Button variant="secondary" size="sm" aria-expanded={open} aria-controls={id} onClick={() => setOpen((v) => !v)}>
        {open ? "Hide raw JSON" : "Show raw JSON"}
      </Button>
      {open ? (
        <pre
          id={id}
          tabIndex={0}
          className="mt-3 max-h-[28rem] overflow-auto rounded-lg border border-slate-200 bg-slate-900 p-4 font-mono text-xs text-slate-100"
        >
          {exactJson(value)}
        </pre>
      ) : null}
    </div>
  );
}
