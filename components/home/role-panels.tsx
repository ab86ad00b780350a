import { Link } from "@/components/ui/link";
import { NextCheck } from "@/components/customers/next-check";
import { Badge, statusTone } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { Money } from "@/components/ui/money";
import { focusRing } from "@/components/ui/cx";
import { kindLabels } from "@/lib/finance/objects";
import { objectHref } from "@/lib/finance/object-href";
import { codeWords } from "@/lib/format/code-words";
import { type Role } from "@/lib/permissions";
import { roleLabels } from "@/lib/format/role-label";
import type { HomeData } from "@/lib/home/home-data";
import { HomeList } from "./home-list";
import { RefreshCollections } from "./refresh-collections";

const QUEUE_LABELS = {
  PENDING: "Pending",
  RECONCILIATION_REQUIRED: "Reconciliation required",
  REJECTED: "Rejected",
  APPROVED_NO_CARD: "Approved, no card yet",
} as const;

export function FinancePanels({ data }: { data: NonNullable<HomeData["finance"]> }) {
  return (
    <>
      <HomeList
        title="Collection accounts"
        source="Accounts staff have opened here, with the balance of the last read. Refresh re-reads each one from the payments API."
        empty="No collection account has been opened yet. Open one from Finance or the search."
        testId="home-collections"
        actions={<RefreshCollections ids={data.collections.map((c) => c.id)} />}
        items={data.collections.map((c) => ({
          key: c.id,
          href: objectHref("collection", c.id),
          primary: c.id,
          secondary: [c.accountNumber, c.label].filter(Boolean).join(" · ") || undefined,
          aside: (
            <>
              <Money amount={c.amount} currency={c.currency} className="block text-sm font-medium text-slate-900" />
              read <DateTime value={c.seenAt} relative />
            </>
          ),
        }))}
      />
      <HomeList
        title="Flagged by the payments API"
        source="Transactions and bills read here whose report flag was set. Ones nobody has opened are not known."
        empty="No transaction read here carries a report flag."
        testId="home-reported"
        items={data.reported.map((t) => ({
          key: `${t.kind}:${t.id}`,
          href: objectHref(t.kind, t.id),
          primary: t.id,
          secondary: [kindLabels[t.kind], t.reference, t.label].filter(Boolean).join(" · "),
          aside: <Money amount={t.amount} currency={t.currency} />,
        }))}
      />
      <HomeList
        title="Recently opened by you"
        source="From your own history on this back-office."
        empty="Nothing opened yet."
        items={data.recent.map((r) => ({
          key: `${r.kind}:${r.parentId ?? ""}:${r.id}`,
          href: objectHref(r.kind, r.id, r.parentId),
          primary: r.id,
          secondary: kindLabels[r.kind],
          aside: <DateTime value={r.openedAt} relative />,
        }))}
      />
      <HomeList
        title="Simulated credits"
        source="Sandbox credits made from this back-office, from the audit log."
        empty="No credit has been simulated yet."
        items={data.credits.map((c, i) => ({
          key: `${c.at}:${i}`,
          href: c.transactionId ? objectHref("transaction", c.transactionId) : `/finance`,
          primary: c.transactionId ?? `to ${c.accountNumber}`,
          secondary: [`account ${c.accountNumber}`, c.reference ? `ref ${c.reference}` : null, c.staffEmail].filter(Boolean).join(" · "),
          aside: (
            <>
              <span className="block">{c.amount ?? "—"}</span>
              {c.outcome === "success" ? <DateTime value={c.at} relative /> : <Badge tone="danger">failed</Badge>}
            </>
          ),
        }))}
      />
    </>
  );
}

export function OpsPanels({ data }: { data: NonNullable<HomeData["ops"]> }) {
  return (
    <>
      <HomeList
        title="Work queue"
        source="Customers by their stored verification state, oldest first. The payments API can be asked again once a minute per customer."
        empty="Nobody is waiting: no customer is pending, needs reconciliation, was rejected, or is approved without a card."
        testId="home-queue"
        items={data.queue.map((q) => ({
          key: q.customerId,
          href: objectHref("customer", q.customerId),
          primary: q.customerId,
          secondary: (
            <>
              <Badge tone={q.reason === "APPROVED_NO_CARD" ? "info" : statusTone(q.reason)}>{QUEUE_LABELS[q.reason]}</Badge> since{" "}
              <DateTime value={q.since} relative />
            </>
          ),
          aside: (
            <>
              <span className="block">last check {q.lastCheckAt ? <DateTime value={q.lastCheckAt} relative /> : "never"}</span>
              <span className="block" data-testid="queue-next-check">
                <NextCheck at={q.nextCheckAt} />
              </span>
            </>
          ),
        }))}
      />
      <HomeList
        title="Recent verification decisions"
        source="Verification decisions the payments API pushed to this back-office."
        empty="No verification decision has arrived from the payments API yet."
        items={data.decisions.map((d) => ({
          key: `${d.eventId}:${d.receivedAt}`,
          href: objectHref("customer", d.customerId),
          primary: d.customerId,
          secondary: (
            <>
              <Badge tone={statusTone(d.status)}>{codeWords(d.status)}</Badge>
              {d.duplicate ? " duplicate delivery" : null}
            </>
          ),
          aside: <DateTime value={d.receivedAt} relative />,
        }))}
      />
    </>
  );
}

export function CompliancePanels({ data }: { data: NonNullable<HomeData["compliance"]> }) {
  return (
    <>
      {data.quota || data.chain ? (
        <Card title="Compliance status">
          <dl className="grid gap-4 text-sm sm:grid-cols-2">
            {data.quota ? (
              <div>
                <dt className="text-slate-600">Your BVN lookups this hour</dt>
                <dd className="text-lg font-semibold text-slate-900" data-testid="home-quota">
                  {data.quota.used} of {data.quota.perHour}
                </dd>
              </div>
            ) : null}
            {data.chain ? (
              <div>
                <dt className="text-slate-600">Audit chain</dt>
                <dd>
                  <Link href="/audit" className={`rounded ${focusRing}`}>
                    {data.chain.ok ? (
                      <Badge tone="success">Intact · {data.chain.checked} entries</Badge>
                    ) : (
                      <Badge tone="danger">Broken at entry {data.chain.brokenAtId}</Badge>
                    )}
                  </Link>
                </dd>
              </div>
            ) : null}
          </dl>
        </Card>
      ) : null}
      {data.lookups ? (
        <HomeList
          title="Recent BVN lookups"
          source="Yours and the team's, from the audit log. Only the last four digits are kept."
          empty="No BVN lookup yet."
          items={data.lookups.map((l, i) => ({
            key: `${l.at}:${i}`,
            href: "/audit",
            primary: l.maskedBvn,
            secondary: `${l.own ? "you" : (l.staffEmail ?? "unknown")} · ${l.outcome}`,
            aside: <DateTime value={l.at} relative />,
          }))}
        />
      ) : null}
    </>
  );
}

export function AdminPanels({ data }: { data: NonNullable<HomeData["admin"]> }) {
  return (
    <>
      <HomeList
        title="Two-factor missing"
        source="Active staff without an authenticator; those your requirement covers come first."
        empty="Every active member has two-factor authentication."
        items={data.withoutSecondFactor.map((s) => ({
          key: s.id,
          href: "/staff",
          primary: s.email,
          secondary: `${s.name} · ${roleLabels[s.role]}${s.required ? " · required, not set up" : ""}`,
        }))}
      />
      <HomeList
        title="Disabled accounts"
        source="Staff accounts that cannot sign in."
        empty="No account is disabled."
        items={data.disabled.map((s) => ({
          key: s.id,
          href: "/staff",
          primary: s.email,
          secondary: `${s.name} · ${roleLabels[s.role as Role]}`,
          aside: <DateTime value={s.since} relative />,
        }))}
      />
    </>
  );
}
