"use client";

import { useRef, useState, type FormEvent } from "react";
import { BffError } from "@/lib/client/fetcher";

/**
 * The submit of a one-field code form (sign-in second factor, step-up, turning 2FA off): reads the
 * `code` field, sends it once however often the form is submitted, and keeps the server's message.
 */
export function useCodeSubmit(send: (code: string) => Promise<unknown>, onDone: () => void, fallbackMessage: string) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A form inside a dialog must not submit the page's form around it.
    event.stopPropagation();
    if (inFlight.current) return;
    const code = String(new FormData(event.currentTarget).get("code") ?? "").trim();
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      await send(code);
      onDone();
    } catch (failure) {
      setError(failure instanceof BffError ? failure.message : fallbackMessage);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return { error, busy, onSubmit, clearError: () => setError(null) };
}
