import { describe, expect, it } from "vitest";
import { countAuditAppend, countWebhookDelivery } from "./business-events";
import { metrics } from "./metrics";

const value = async (name: string, labels: Record<string, string>) =>
  (await metrics().registry.getSingleMetric(name)!.get()).values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l))
    ?.value;

describe("business events as counters", () => {
  it("counts card creations and BVN lookups by the outcome of their audit entry, and every append by action", async () => {
    countAuditAppend("card.create", "success");
    countAuditAppend("card.create", "failure");
    countAuditAppend("bvn.lookup", "denied");
    countAuditAppend("staff.role", "success");
    expect(await value("card_issuances_total", { outcome: "success" })).toBe(1);
    expect(await value("card_issuances_total", { outcome: "failure" })).toBe(1);
    expect(await value("bvn_lookups_total", { outcome: "denied" })).toBe(1);
    expect(await value("audit_appends_total", { action: "staff.role", outcome: "success" })).toBe(1);
    expect(await value("card_issuances_total", { outcome: "denied" })).toBeUndefined();
  });

  it("counts webhook deliveries by outcome", async () => {
    countWebhookDelivery("applied");
    countWebhookDelivery("applied");
    expect(await value("webhook_deliveries_total", { outcome: "applied" })).toBe(2);
  });
});
