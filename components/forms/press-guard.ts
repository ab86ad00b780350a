/**
 * One request per press, outside React so it can be tested: held from the press until what it sent
 * settles. A second press meanwhile, however quick, sends nothing. Every form (createFormSender) and
 * every button that sends (useOncePerPress) holds one of these.
 */
export function createPressGuard() {
  // Not state: a double click fires twice before React re-renders the disabled button.
  let inFlight = false;
  const take = (setPending: (pending: boolean) => void): boolean => {
    if (inFlight) return false;
    inFlight = true;
    setPending(true);
    return true;
  };
  const release = (setPending: (pending: boolean) => void) => {
    inFlight = false;
    setPending(false);
  };
  return {
    get held() {
      return inFlight;
    },
    /** Holds for one press; false when an earlier press is still under way (then send nothing). */
    take,
    /** Back to the start: the next press sends again. */
    release,
    /**
     * One press: `send` runs unless an earlier press is still under way, and the guard holds until its
     * promise settles. `setPending` is true from the press. A rejection is handed on to the caller.
     */
    async press(send: () => Promise<unknown>, setPending: (pending: boolean) => void): Promise<void> {
      if (!take(setPending)) return;
      try {
        await send();
      } finally {
        release(setPending);
      }
    },
  };
}

export type PressGuard = ReturnType<typeof createPressGuard>;

/** What a press sends: a mutation (its answer and its failure stay on it), or a function that handles its own failure. */
export type PressSender<V> = { mutateAsync: (vars: V) => Promise<unknown>; isPending?: boolean } | ((vars: V) => Promise<unknown>);

/**
 * The request of one press. A mutation's failure is not thrown again: the mutation holds it (its
 * `error`, its own onError) and the view shows it from there.
 */
export function sendOf<V>(sender: PressSender<V>): (vars: V) => Promise<unknown> {
  if (typeof sender === "function") return sender;
  return (vars) => sender.mutateAsync(vars).catch(() => undefined);
}
