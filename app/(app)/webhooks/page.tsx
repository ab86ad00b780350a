import type { Metadata } from "next";
import { DeliveryLog } from "@/components/webhooks/delivery-log";
import { RefusalSpikeBanner } from "@/components/webhooks/spike-banner";
import { PageHeader } from "@/components/ui/page-header";
import { listWebhookDeliveries } from "@/lib/contracts/webhooks";
import { searchParamsRecord } from "@/lib/route-params";
import { listDeliveries, refusedPerHour } from "@/server/webhooks/delivery-log";
import { page, pageData } from "@/app/page-guard";

export const metadata: Metadata = { title: "Incoming updates" };

export default page({ capability: "webhooks.manage", area: "the incoming updates" }, async ({ db, searchParams }) => {
  // A hand-edited address with a bad cursor or filter shows the newest page, not an error.
  const parsed = listWebhookDeliveries.query.safeParse(searchParamsRecord(searchParams));
  const query = parsed.success ? parsed.data : { cursor: undefined, outcome: "all" as const };
  const [deliveries, refused] = pageData(await Promise.all([listDeliveries(db, query), refusedPerHour(db)]));
  return (
    <div className="space-y-6">
      <PageHeader
        title="Incoming updates"
        subtitle="Every verification decision the payments API pushed to this back-office, and what became of it. An authentic decision can be applied again; each re-apply is audited and happens once."
      />
      <RefusalSpikeBanner stats={refused} linkToLog={query.outcome !== "refused"} />
      <DeliveryLog page={deliveries} outcome={query.outcome} paged={query.cursor !== undefined} />
    </div>
  );
});
