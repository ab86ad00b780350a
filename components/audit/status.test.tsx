import { describe, expect, it } from "vitest";
import { clientWith, renderWith, textOf } from "@/components/shell/cached-queries.testing";
import { auditChainQuery, auditCheckpointQuery } from "@/lib/client/audit";
import { BffError } from "@/lib/client/fetcher";
import { ChainStatus } from "./chain-status";
import { CheckpointStatus } from "./checkpoint-status";

const failure = new BffError(500, "internal_error", "The database did not answer.");

describe("the audit trail's checks", () => {
  it("a chain never verified says what failed and offers Try again", () => {
    const markup = renderWith(clientWith([{ queryKey: auditChainQuery().queryKey, error: failure }]), <ChainStatus />);
    expect(markup).toContain('role="alert"');
    expect(textOf(markup)).toContain("The chain could not be verified: The database did not answer.");
    expect(textOf(markup)).toContain("Try again");
  });

  it("a checkpoint never checked says what failed and offers Try again", () => {
    const markup = renderWith(clientWith([{ queryKey: auditCheckpointQuery().queryKey, error: failure }]), <CheckpointStatus />);
    expect(textOf(markup)).toContain("The checkpoint could not be checked: The database did not answer.");
    expect(textOf(markup)).toContain("Try again");
  });

  it("a verdict already read stays when checking again fails, with the line", () => {
    const markup = renderWith(
      clientWith([{ queryKey: auditChainQuery().queryKey, data: { ok: true, checked: 12 }, error: failure }]),
      <ChainStatus />,
    );
    expect(textOf(markup)).toContain("Chain verified");
    expect(textOf(markup)).toContain("Could not refresh: The database did not answer.");
  });
});
