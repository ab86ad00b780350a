import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { MouseEvent } from "react";
import { Button } from "./button";
import { Dialog, DialogClose, DialogFooter } from "./dialog";
import { mayChangeOpen } from "./dialog-guard";

describe("a dialog's close decision", () => {
  it("holds every close back while its action runs, and lets it close once answered", () => {
    expect(mayChangeOpen(false, true)).toBe(false);
    expect(mayChangeOpen(false, false)).toBe(true);
  });

  it("never holds back an opening", () => {
    expect(mayChangeOpen(true, true)).toBe(true);
    expect(mayChangeOpen(true, false)).toBe(true);
  });
});

type Clickable = { onClick?: (event: MouseEvent<HTMLElement>) => void; disabled?: boolean };

/** Renders a DialogClose around a stand-in button and returns what the button was given. */
function closeButton(pending: boolean, onOpenChange: (open: boolean) => void): Clickable {
  const seen: Clickable = {};
  function StandIn(props: Clickable) {
    Object.assign(seen, props);
    return null;
  }
  renderToStaticMarkup(
    <Dialog open onOpenChange={onOpenChange} pending={pending}>
      <DialogClose asChild>
        <StandIn />
      </DialogClose>
    </Dialog>,
  );
  return seen;
}

const click = { defaultPrevented: false } as MouseEvent<HTMLElement>;

describe("Cancel (DialogClose) while the dialog's action runs", () => {
  it("is disabled, and a click that gets through anyway does not close the dialog", () => {
    const onOpenChange = vi.fn();
    const cancel = closeButton(true, onOpenChange);
    expect(cancel.disabled).toBe(true);
    cancel.onClick?.(click);
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("closes the dialog once the action has been answered", () => {
    const onOpenChange = vi.fn();
    const cancel = closeButton(false, onOpenChange);
    expect(cancel.disabled).toBeFalsy();
    cancel.onClick?.(click);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("says in the footer that it is working, and only then", () => {
    const footer = (pending: boolean) =>
      renderToStaticMarkup(
        <Dialog open onOpenChange={() => {}} pending={pending}>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
          </DialogFooter>
        </Dialog>,
      );
    const working = footer(true);
    expect(working).toContain("Working…");
    expect(working).toMatch(/<button[^>]*disabled=""[^>]*><span[^>]*>Cancel<\/span><\/button>/);
    const idle = footer(false);
    expect(idle).not.toContain("Working…");
    expect(idle).not.toMatch(/ disabled=""/);
  });
});
