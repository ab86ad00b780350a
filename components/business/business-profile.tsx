"use client";

import { useQuery } from "@tanstack/react-query";
import { QueryState } from "@/components/shell/query-state";
import { Badge, Card, DateTime, DescriptionItem, DescriptionList, PageHeader, statusTone } from "@/components/ui";
import { businessQuery } from "@/lib/client/business";
import { BusinessLogo } from "./business-logo";

export function BusinessProfile() {
  const query = useQuery(businessQuery());
  return (
    <div className="space-y-6">
      {/* The page keeps its title while the profile loads or cannot be read, so staff know where they are. */}
      {query.isSuccess ? null : <PageHeader title="Business profile" />}
      <QueryState query={query} notFound={{ title: "Business not found", message: "The payments API has no business profile for these credentials." }}>
        {(business) => (
          <div className="space-y-6">
            <PageHeader
              title={business.name ?? "Business profile"}
              subtitle={business.slug ? `@${business.slug}` : undefined}
              actions={<BusinessLogo src={business.logo} name={business.name} />}
            />
            <Card title="Status">
              <div className="flex flex-wrap gap-3">
                <span className="text-sm text-slate-600">Account</span>
                <Badge tone={statusTone(business.status)}>{business.status ?? "—"}</Badge>
                <span className="text-sm text-slate-600">Activity</span>
                <Badge tone={statusTone(business.activity_status)}>{business.activity_status ?? "—"}</Badge>
              </div>
            </Card>
            <Card title="Details">
              <DescriptionList>
                <DescriptionItem label="Business id" value={business.id} mono copy />
                <DescriptionItem label="Name" value={business.name} />
                <DescriptionItem label="Slug" value={business.slug} mono />
                <DescriptionItem label="Type" value={business.type} />
                <DescriptionItem label="Email" value={business.email} copy />
                <DescriptionItem label="Country" value={business.country} />
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
