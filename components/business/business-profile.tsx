"use client";

import { useQuery } from "@tanstack/react-query";
import { QueryState } from "@/components/shell/query-state";
import { Badge, statusTone } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { DescriptionItem, DescriptionList } from "@/components/ui/description-list";
import { PageHeader } from "@/components/ui/page-header";
import { businessQuery } from "@/lib/client/business";
import { codeText } from "@/lib/format/code-words";
import { BusinessLogo } from "./business-logo";

export function BusinessProfile() {
  const query = useQuery(businessQuery());
  const read = query.isSuccess ? query.data : undefined;
  return (
    <div className="space-y-6">
      {/* The page keeps its title while the profile loads or cannot be read, so staff know where they are. */}
      <PageHeader
        title={read?.name ?? "Business profile"}
        subtitle={read?.slug ? `@${read.slug}` : undefined}
        actions={read ? <BusinessLogo src={read.logo} name={read.name} /> : null}
      />
      <QueryState
        query={query}
        waitingFor="the business profile"
        notFound={{ title: "Business not found", message: "The payments API has no business profile for these credentials." }}
      >
        {(business) => (
          <div className="space-y-6">
            <Card title="Status">
              <div className="flex flex-wrap gap-3">
                <span className="text-sm text-slate-600">Account</span>
                <Badge tone={statusTone(business.status)}>{codeText(business.status) || "—"}</Badge>
                <span className="text-sm text-slate-600">Activity</span>
                <Badge tone={statusTone(business.activity_status)}>{codeText(business.activity_status) || "—"}</Badge>
              </div>
            </Card>
            <Card title="Details">
              <DescriptionList>
                <DescriptionItem label="Business id" value={business.id} mono copy />
                <DescriptionItem label="Name" value={business.name} />
                <DescriptionItem label="Slug" value={business.slug} mono />
                <DescriptionItem label="Type" value={codeText(business.type) || null} />
                <DescriptionItem label="Email" value={business.email} copy />
                <DescriptionItem label="Country" value={codeText(business.country, "country") || null} />
                <DescriptionItem label="Address" value={business.address} />
                <DescriptionItem label="Created" value={<DateTime value={business.created_at} />} />
                <DescriptionItem label="Last updated" value={<DateTime value={business.updated_at} />} />
              </DescriptionList>
            </Card>
          </div>
        )}
      </QueryState>
    </div>
  );
}
