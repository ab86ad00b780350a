import { prerender } from "react-dom/static";
import { describe, expect, it } from "vitest";
import { lazyPart } from "./lazy-part";

async function html(element: React.ReactElement): Promise<string> {
  // A failed part is reported here; the page's error boundary is not part of this test.
  const { prelude } = await prerender(element, { onError: () => {} });
  return new Response(prelude).text();
}

describe("a part of a page fetched on first use", () => {
  it("fetches its code again on the next render after a failed fetch (React.lazy alone keeps the failure)", async () => {
    let calls = 0;
    const Part = lazyPart(async () => {
      calls += 1;
      if (calls === 1) throw new Error("Loading chunk 42 failed.");
      return { Greeting: ({ name }: { name: string }) => <p>Hello {name}</p> };
    }, "Greeting");

    expect(await html(<Part name="Ada" />)).not.toContain("Hello");
    // The error boundary's "Try again" renders it again.
    expect(await html(<Part name="Ada" />)).toContain("Hello <!-- -->Ada");
    expect(calls).toBe(2);
    // Once here, it is kept: no third fetch.
    await html(<Part name="Ada" />);
    expect(calls).toBe(2);
  });
});
