import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sessionIdParams } from "./contracts/account";
import { approveApproval } from "./contracts/approvals";
import { acknowledgeSecurityAlert } from "./contracts/security";
import { staffIdParams } from "./contracts/staff";
import { deleteView, setDefaultView } from "./contracts/views";
import { isUuid, uuidParams } from "./route-params";

/** Every way a uuid id is checked: the contracts' path and body schemas, and isUuid (pages, cookies, SQL). */
const checks: [string, (id: string) => boolean][] = [
  ["isUuid", (id) => isUuid(id)],
  ["staff id", (id) => staffIdParams.safeParse({ id }).success],
  ["session id", (id) => sessionIdParams.safeParse({ id }).success],
  ["approval id", (id) => approveApproval.params!.safeParse({ id }).success],
  ["alert id", (id) => acknowledgeSecurityAlert.params!.safeParse({ id }).success],
  ["saved view id", (id) => deleteView.params!.safeParse({ id }).success],
  ["default view", (id) => setDefaultView.body!.safeParse({ page: "audit", view: id }).success],
];

const verdicts = (id: string) => Object.fromEntries(checks.map(([name, check]) => [name, check(id)]));
const agreed = (accepted: boolean) => Object.fromEntries(checks.map(([name]) => [name, accepted]));

const HEX = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

describe("one rule for uuid ids", () => {
  it.each([
    ["a random (version 4) UUID", "0b7d6a52-8a4b-4a53-9d51-6a2a1a2b3c4d", true],
    ["one in capitals", "0B7D6A52-8A4B-4A53-9D51-6A2A1A2B3C4D", true],
    ["the nil UUID", "00000000-0000-0000-0000-000000000000", true],
    ["a version 7 UUID", "01890a5d-ac96-774b-bcce-b302099a8057", true],
    ["hex of the right shape with no version", "12345678-1234-0234-8234-123456789abc", false],
    ["hex of the right shape with no RFC variant", "12345678-1234-1234-1234-123456789abc", false],
    ["no hyphens", "0b7d6a528a4b4a539d516a2a1a2b3c4d", false],
    ["braces", "{0b7d6a52-8a4b-4a53-9d51-6a2a1a2b3c4d}", false],
    ["a trailing line break", "0b7d6a52-8a4b-4a53-9d51-6a2a1a2b3c4d\n", false],
    ["a quote", "0b7d6a52-8a4b-4a53-9d51-6a2a1a2b3c4'", false],
  ])("%s is accepted by every check or by none", (_case, id, accepted) => {
    expect(verdicts(id)).toEqual(agreed(accepted));
  });

  it("any string of a UUID's shape gets the same answer from every check", () => {
    const shaped = fc.stringMatching(HEX);
    fc.assert(
      fc.property(fc.oneof(fc.uuid(), shaped, fc.string()), (id) => {
        const answers = checks.map(([, check]) => check(id));
        expect(new Set(answers).size).toBe(1);
      }),
    );
  });

  it("what isUuid accepts holds only hex digits and hyphens, so it may be quoted into SQL", () => {
    fc.assert(fc.property(fc.oneof(fc.uuid(), fc.string()), (id) => !isUuid(id) || HEX.test(id)));
  });

  it("names the id in the message", () => {
    expect(uuidParams("saved view").safeParse({ id: "x" }).error?.issues[0]?.message).toBe("That saved view id is not valid.");
  });
});
