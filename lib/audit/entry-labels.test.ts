import { describe, expect, it } from "vitest";
import type { AuditEntryView } from "@/lib/contracts/audit";
import { auditActionLabel, errorCodeLabel } from "@/lib/format/labels";
import { entryLabels } from "./entry-labels";

const entry = (over: Partial<AuditEntryView>): AuditEntryView => ({
  id: 1,
  occurredAt: "2026-11-26T10:00:00Z",
  requestId: "req_1",
  actorEmail: "admin@example.com",
  actorRole: "admin",
  action: "auth.sign_in",
  target: null,
  outcome: "success",
  detail: null,
  ...over,
});

describe("entryLabels", () => {
  it("names every code on the page, and only those", () => {
    const labels = entryLabels([
      entry({}),
      entry({ id: 2, action: "card.create", outcome: "failure", actorRole: null, detail: { code: "CARD_ALREADY_EXISTS" } }),
    ]);
    expect(labels.action).toEqual({ "auth.sign_in": auditActionLabel("auth.sign_in"), "card.create": auditActionLabel("card.create") });
    expect(Object.keys(labels.outcome).sort()).toEqual(["failure", "success"]);
    expect(labels.role).toEqual({ admin: "Administrator" });
    expect(labels.error).toEqual({ CARD_ALREADY_EXISTS: errorCodeLabel("CARD_ALREADY_EXISTS") });
  });
});
