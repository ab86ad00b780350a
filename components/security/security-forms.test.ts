import { describe, expect, it } from "vitest";
import { CODE_FIELDS } from "@/components/auth/use-code-submit";
import { BffError } from "@/lib/client/fetcher";
import { setAlertSettings, setAllowlist } from "@/lib/contracts/security";
import { serverErrors } from "@/lib/forms/form-errors";
import { DEFAULT_ALERT_THRESHOLDS } from "@/lib/security/alert-rules";
import { THRESHOLD_FIELDS } from "./alert-thresholds-form";
import { rangesErrorOf } from "./allowlist-form";

/** The field the route's 400 names for a body, as server/validate.ts names it: the first issue's path. */
function fieldNamedByRoute(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[] }[] } } },
  body: unknown,
) {
  const parsed = schema.safeParse(body);
  expect(parsed.success).toBe(false);
  return parsed.error!.issues[0]!.path.map(String).join(".");
}

describe("the allowlist's refusals land under its one field", () => {
  it("a list that would lock the administrator out (the server names the list)", () => {
    const lockOut = new BffError(409, "allowlist_would_lock_out", "Your own address (10.1.1.1) is not in the list.", "ranges");
    expect(rangesErrorOf(lockOut)).toBe("Your own address (10.1.1.1) is not in the list.");
  });

  it("a malformed range (the route names the entry by its place in the list)", () => {
    const field = fieldNamedByRoute(setAllowlist.body!, { ranges: ["127.0.0.0/8", "10.0.0.0/33"] });
    expect(field).toBe("ranges.1");
    expect(rangesErrorOf(new BffError(400, "invalid_request", '"10.0.0.0/33" is not an IPv4 or IPv6 range.', field))).toBe(
      '"10.0.0.0/33" is not an IPv4 or IPv6 range.',
    );
  });

  it("and nothing else does: a refused step-up or a failure of no field stays the form's", () => {
    expect(rangesErrorOf(new BffError(403, "step_up_required", "Confirm it is you."))).toBeNull();
    expect(rangesErrorOf(new BffError(400, "invalid_request", "No such field.", "rangesx"))).toBeNull();
    expect(rangesErrorOf(new TypeError("Failed to fetch"))).toBeNull();
  });
});

describe("the thresholds' fields are named as the route's 400 names them", () => {
  it.each([
    [{ bvn_lookups_per_hour: 0 }, "thresholds.bvn_lookups_per_hour"],
    [{ webhook_refused_per_hour: -1 }, "thresholds.webhook_refused_per_hour"],
    [{ working_hours_start: "25:00" }, "thresholds.working_hours_start"],
    [{ working_hours_start: "18:00", working_hours_end: "08:00" }, "thresholds.working_hours_end"],
  ])("%j is refused under %s", (change, expected) => {
    const field = fieldNamedByRoute(setAlertSettings.body!, { thresholds: { ...DEFAULT_ALERT_THRESHOLDS, ...change } });
    expect(field).toBe(expected);
    expect(THRESHOLD_FIELDS).toContain(field);
    expect(serverErrors(new BffError(400, "invalid_request", "At least 1.", field), THRESHOLD_FIELDS, "Try again.")).toEqual({
      fields: { [field]: "At least 1." },
      form: null,
    });
  });
});

describe("a wrong second-factor code", () => {
  it("lands under the code (the server names the field), so the input is marked invalid", () => {
    const wrong = new BffError(400, "invalid_code", "That code is not valid.", "code");
    expect(serverErrors(wrong, CODE_FIELDS, "The code could not be checked. Try again.")).toEqual({
      fields: { code: "That code is not valid." },
      form: null,
    });
  });
});
