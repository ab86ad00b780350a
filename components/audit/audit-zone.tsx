"use client";

import { useTimeZone } from "@/components/shell/time-zone";
import { auditExportUrl } from "@/lib/client/audit";
import type { AuditFilters } from "@/lib/contracts/audit";
import { zoneLabel } from "@/lib/time/zone";

/**
 * The zone the date filters are days in: sent with the form as `tz` and said beside it. When the
 * list on screen was cut in another zone (a shared link), the form says so until it is applied.
 */
export function AuditZoneField({ appliedZone, hasDates }: { appliedZone: string; hasDates: boolean }) {
  const { zone, settled } = useTimeZone();
  return (
    <div className="col-span-2 text-sm text-slate-600 lg:col-span-5" data-testid="audit-filter-zone">
      <input type="hidden" name="tz" value={zone} />
      <p>
        {/* Before the browser's zone is known this names UTC, which is what the form sends until then
            (it works without scripts): in a UTC browser nothing moves once the zone is known. */}
        Dates in <span className="font-medium break-words text-slate-800">{zoneLabel(zone)}</span>: each day runs midnight to midnight
        there.
      </p>
      {hasDates && settled && appliedZone !== zone ? (
        <p className="mt-1 text-amber-900">
          The entries below use days in {zoneLabel(appliedZone)}, the zone of this address. Apply the filters to read them in{" "}
          {zoneLabel(zone)}.
        </p>
      ) : null}
    </div>
  );
}

/** The export of exactly these filters, in the zone their days were read in (else the one in effect). */
export function AuditExportLink({ filters }: { filters: AuditFilters }) {
  const { zone } = useTimeZone();
  return (
    <a
      className="text-sm font-medium text-brand-700 underline"
      data-testid="audit-export"
      href={auditExportUrl({ ...filters, tz: filters.tz ?? zone })}
    >
      Export CSV
    </a>
  );
}
