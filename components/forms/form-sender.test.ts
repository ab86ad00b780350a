import { describe, expect, it, vi } from "vitest";
import { postBvnLookup } from "@/lib/contracts/compliance";
import { BffError } from "@/lib/client/fetcher";
import { createFormSender, type SendSpec } from "./form-sender";

type Values = { number: string; purpose: string };
type Lookup = { number: string; purpose: string };
type Callbacks = Parameters<SendSpec<Values, Lookup, string, "number" | "purpose">["mutate"]>[1];

/** The BVN lookup's submit (bvn-lookup.tsx), with its schema arriving when the test says so: a slow chunk. */
function bvnLookup() {
  let arrive: () => void = () => {};
  const schemaLoaded = new Promise<void>((resolve) => (arrive = resolve));
  const sent: Array<{ input: Lookup; callbacks: Callbacks }> = [];
  const out = { setValues: vi.fn(), setErrors: vi.fn(), setSending: vi.fn() };
  const spec: SendSpec<Values, Lookup, string, "number" | "purpose"> = {
    initial: () => ({ number: "", purpose: "" }),
    schema: async () => {
      await schemaLoaded;
      return postBvnLookup.body;
    },
    fields: ["number", "purpose"],
    mutate: (input, callbacks) => void sent.push({ input, callbacks }),
    fallbackMessage: "Something went wrong. Try again.",
  };
  return { sender: createFormSender(), spec, out, sent, arrive };
}

const values: Values = { number: "22222222222", purpose: "case KYC-1" };

describe("a BVN lookup's submit (billed and audited: one request per press)", () => {
  it("sends once when Look up is pressed twice while its rules are still loading, and is busy from the first press", async () => {
    const { sender, spec, out, sent, arrive } = bvnLookup();
    const first = sender.send(values, spec, out);
    // The button is busy at once: before the schema has arrived, before any request.
    expect(out.setSending).toHaveBeenLastCalledWith(true);
    const second = sender.send(values, spec, out);
    arrive();
    await Promise.all([first, second]);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.input).toEqual(values);
  });

  it("stays held until the request is answered, then sends the next press", async () => {
    const { sender, spec, out, sent, arrive } = bvnLookup();
    arrive();
    await sender.send(values, spec, out);
    await sender.send(values, spec, out);
    expect(sent).toHaveLength(1);
    expect(sender.held).toBe(true);
    sent[0]!.callbacks.onError(new BffError(429, "bvn_quota_exceeded", "The daily lookup quota is used up."));
    sent[0]!.callbacks.onSettled();
    expect(sender.held).toBe(false);
    expect(out.setSending).toHaveBeenLastCalledWith(false);
    expect(out.setErrors).toHaveBeenLastCalledWith({ fields: {}, form: "The daily lookup quota is used up." });
    await sender.send(values, spec, out);
    expect(sent).toHaveLength(2);
  });

  it("sends nothing for an invalid number, and lets the corrected one go", async () => {
    const { sender, spec, out, sent, arrive } = bvnLookup();
    arrive();
    await sender.send({ ...values, number: "1234" }, spec, out);
    expect(sent).toHaveLength(0);
    expect(out.setSending).toHaveBeenLastCalledWith(false);
    expect(out.setErrors.mock.lastCall?.[0].fields.number).toBeTruthy();
    await sender.send(values, spec, out);
    expect(sent).toHaveLength(1);
  });

  it("says the back-office could not be reached when its rules cannot be fetched, and lets a later press try again", async () => {
    const { sender, spec, out, sent } = bvnLookup();
    const failing = { ...spec, schema: () => Promise.reject(new Error("Loading chunk 7 failed.")) };
    await sender.send(values, failing, out);
    expect(out.setErrors).toHaveBeenLastCalledWith({ fields: {}, form: expect.stringContaining("could not be reached") });
    expect(sender.held).toBe(false);
    expect(out.setSending).toHaveBeenLastCalledWith(false);
    await sender.send(values, { ...spec, schema: postBvnLookup.body }, out);
    expect(sent).toHaveLength(1);
  });

  it("clears the values after a success (the number leaves the page)", async () => {
    const { sender, spec, out, sent, arrive } = bvnLookup();
    arrive();
    await sender.send(values, spec, out);
    sent[0]!.callbacks.onSuccess("lookup-1");
    sent[0]!.callbacks.onSettled();
    expect(out.setValues).toHaveBeenLastCalledWith({ number: "", purpose: "" });
  });
});
