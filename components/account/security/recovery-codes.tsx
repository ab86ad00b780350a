"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";

/** The recovery codes, shown once: the staff member confirms they saved them before going on. */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel,
  status = "Two-factor authentication is on.",
}: {
  codes: string[];
  onDone: () => void;
  doneLabel: string;
  status?: string;
}) {
  const [saved, setSaved] = useState(false);
  return (
    <div className="space-y-4">
      <div role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
        {status}
      </div>
      <p className="text-sm text-slate-700">
        Save these recovery codes somewhere safe (a password manager). Each one signs you in once if you lose your phone. They are shown
        only now.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm sm:max-w-md">
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code" className="rounded bg-slate-100 px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <CopyButton value={codes.join("\n")} label="Copy all codes" />
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} />I have saved my recovery codes
      </label>
      <Button disabled={!saved} onClick={onDone}>
        {doneLabel}
      </Button>
    </div>
  );
}
