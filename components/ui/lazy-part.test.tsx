import { prerender } from "react-dom/static";
import { describe, expect, it } from "vitest";
import { lazyPart } from "./lazy-part";

async function html(element: React.ReactElement): Promise<string> {
  // A part that fails draws LoadFailed in its place; nothing reaches an error boundary.
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
    // LoadFailed's "Try again" renders it again.
    expect(await html(<Part name="Ada" />)).toContain("Hello <!-- -->Ada");
    expect(calls).toBe(2);
    // Once here, it is kept: no third fetch.
    await html(<Part name="Ada" />);
    expect(calls).toBe(2);
  });

  it("says in its place that it could not be loaded, and the page around it stays", async () => {
    const Part = lazyPart(async (): Promise<{ Panel: () => React.ReactElement }> => {
      throw new Error("Loading chunk 7 failed.");
    }, "Panel");
    const markup = await html(
      <main>
        <h1>Customer cus_1</h1>
        <Part />
      </main>,
    );
    expect(markup).toContain("<h1>Customer cus_1</h1>");
    expect(markup).toMatch(/<p role="alert"[^>]*>Could not load this part\./);
    expect(markup).not.toContain("fixed");
  });

  it("floats the notice for a dialog, and says nothing once the dialog is closed again", async () => {
    const Dialog = lazyPart(
      async (): Promise<{ Body: (props: { open: boolean }) => React.ReactElement }> => {
        throw new Error("Loading chunk 9 failed.");
      },
      "Body",
      "floating",
    );
    expect(await html(<Dialog open />)).toMatch(/<p role="alert" class="[^"]*fixed[^"]*"/);
    expect(await html(<Dialog open={false} />)).not.toContain("Could not load");
  });

  it("lets a dialog whose code did not arrive be given up, so what waits on it is not left waiting", async () => {
    const StepUp = lazyPart(
      async (): Promise<{ Body: (props: { open: boolean; onCancel: () => void }) => React.ReactElement }> => {
        throw new Error("Loading chunk 11 failed.");
      },
      "Body",
      "floating",
    );
    const markup = await html(<StepUp open onCancel={() => {}} />);
    expect(markup).toMatch(/>Try again<\/button>/);
    expect(markup).toMatch(/>Cancel<\/button>/);
    // In its place (not a dialog), there is nothing to cancel.
    const Inline = lazyPart(async (): Promise<{ Panel: (props: { onCancel: () => void }) => React.ReactElement }> => {
      throw new Error("Loading chunk 12 failed.");
    }, "Panel");
    expect(await html(<Inline onCancel={() => {}} />)).not.toContain("Cancel");
  });
});
