import { TryThis } from "@/components/sandbox/try-this";
import { Card } from "@/components/ui/card";
import type { TryThisLine } from "@/lib/sandbox/first-steps";

/** The sandbox's first steps for this role: one "Try this" line per workflow with its seed objects. */
export function FirstStepsPanel({ lines }: { lines: TryThisLine[] | null }) {
  if (!lines || lines.length === 0) return null;
  return (
    <Card title="Try this in the sandbox" description="Seed objects that exist in the sandbox: open one to see each workflow.">
      <div className="space-y-4" data-testid="home-first-steps">
        {lines.map((line) => (
          <TryThis key={line.workflow} line={line} withTitle />
        ))}
      </div>
    </Card>
  );
}
