import { describe, expect, it } from "vitest";
import { clientWith, renderWith, textOf } from "@/components/shell/cached-queries.testing";
import { activityQuery } from "@/lib/client/activity";
import { BffError } from "@/lib/client/fetcher";
import { ActivityTimeline } from "./activity-timeline";

const failure = new BffError(500, "internal_error", "The database did not answer.");

describe("the activity timeline after a poll that failed", () => {
  it("keeps the entries it read, with the line", () => {
    const markup = renderWith(
      clientWith([{ queryKey: activityQuery({ kind: "customer", id: "cus_1" }).queryKey, data: { entries: [] }, error: failure }]),
      <ActivityTimeline kind="customer" id="cus_1" />,
    );
    expect(textOf(markup)).toContain("No activity recorded yet");
    expect(textOf(markup)).toContain("Could not refresh: The database did not answer.");
  });
});
