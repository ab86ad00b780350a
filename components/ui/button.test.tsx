import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button } from "./button";

describe("a button while it loads", () => {
  it("keeps its label in place, hidden under the spinner, so it keeps its width and its name", () => {
    const idle = renderToStaticMarkup(<Button>Open</Button>);
    const loading = renderToStaticMarkup(<Button loading>Open</Button>);
    // The same label element in both: only its opacity changes, and the spinner is out of the flow.
    expect(idle).toMatch(/<span class="inline-flex items-center gap-2">Open<\/span>/);
    expect(loading).toMatch(/<svg class="[^"]*absolute[^"]*"/);
    expect(loading).toMatch(/<span class="inline-flex items-center gap-2 opacity-0">Open<\/span>/);
    expect(loading).toMatch(/disabled=""/);
    expect(loading).toMatch(/aria-busy="true"/);
  });
});
