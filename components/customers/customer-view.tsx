"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ActivityTimeline } from "@/components/activity/activity-timeline";
import { useModuleWhen } from "@/components/hooks/use-module-when";
import { QueryState } from "@/components/shell/query-state";
import { PageHeader } from "@/components/ui/page-header";
import { LoadingState } from "@/components/ui/loading-state";
import { verificationQuery } from "@/lib/client/customers";
import { ContactEditor } from "./contact-editor";
import { CreateCardSection } from "./create-card-section";
import { CustomerSearch } from "./customer-search";
import { IssuedCards } from "./issued-cards";
import { loadErrorNotice, VerificationPanel } from "./verification-panel";

type Props = { customerId: string; canEditContact: boolean; canSubmit: boolean };

/** The customer is known to exist once the verification endpoint answers for it (the API has no customer read). */
export function CustomerView({ customerId, canEditContact, canSubmit }: Props) {
  const query = useQuery(verificationQuery(customerId));
  // A check error stored with the view is drawn with its advice from the panels' first paint: until
  // the notice's code is here, the page is still loading. Once drawn, the panels stay (an error
  // arriving later shows its message at once and its advice as the code arrives). Code that could
  // not be fetched does not hold the page: the panel shows the message, and asks for the code again.
  const notice = useModuleWhen(Boolean(query.data?.last_error), loadErrorNotice);
  const [drawn, setDrawn] = useState(false);
  const waitingForNotice = !drawn && Boolean(query.data?.last_error) && !notice.module && !notice.error;
  if (!drawn && query.isSuccess && !waitingForNotice) setDrawn(true);
  return (
    <div className="space-y-6">
      <PageHeader
        title={`Customer ${customerId}`}
        breadcrumbs={[{ label: "Customers", href: "/customers" }]}
        actions={<CustomerSearch compact />}
      />
      {waitingForNotice ? (
        <LoadingState waitingFor="the customer's card verification" />
      ) : (
        <QueryState
          query={query}
          waitingFor="the customer's card verification"
          notFound={{
            title: "Customer not found",
            message: `No customer with the id ${customerId} belongs to this business. Check the id and search again.`,
          }}
        >
          {(view) => (
            <div className="grid min-w-0 grid-cols-1 gap-6 xl:grid-cols-3">
              <div className="min-w-0 space-y-6 xl:col-span-2">
                <VerificationPanel view={view} canSubmit={canSubmit} />
                <CreateCardSection view={view} canCreate={canSubmit} />
                <IssuedCards customerId={customerId} />
                <ContactEditor customerId={customerId} pending={view.status === "PENDING"} canEdit={canEditContact} />
              </div>
              <div className="min-w-0">
                <ActivityTimeline
                  kind="customer"
                  id={customerId}
                  description="Who checked, submitted, changed the contact or created a card, newest first."
                />
              </div>
            </div>
          )}
        </QueryState>
      )}
    </div>
  );
}
