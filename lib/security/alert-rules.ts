import { z } from "@/lib/validation/zod";

const HOUR_MINUTE = /^([01]\d|2[0-3]):[0-5]\d$/;

/** What an administrator may change; each rule fires when its count goes above its number. */
export const alertThresholdsSchema = z
  .object({
    bvn_lookups_per_hour: z.number().int().min(1, { message: "At least 1." }).max(10_000, { message: "At most 10000." }),
    failed_sign_ins_per_10_minutes: z.number().int().min(1, { message: "At least 1." }).max(10_000, { message: "At most 10000." }),
    webhook_refused_per_hour: z.number().int().min(0, { message: "At least 0." }).max(10_000, { message: "At most 10000." }),
    working_hours_start: z.string().regex(HOUR_MINUTE, { message: "A time such as 08:00." }),
    working_hours_end: z.string().regex(HOUR_MINUTE, { message: "A time such as 18:00." }),
  })
  .strict()
  .refine((t) => t.working_hours_start < t.working_hours_end, {
    message: "Working hours end after they start.",
    path: ["working_hours_end"],
  });
export type AlertThresholds = z.infer<typeof alertThresholdsSchema>;

/** The thresholds before an administrator saves any: issue 34's numbers. Working days are Monday to Friday. */
export const DEFAULT_ALERT_THRESHOLDS: AlertThresholds = {
  bvn_lookups_per_hour: 50,
  failed_sign_ins_per_10_minutes: 10,
  webhook_refused_per_hour: 0,
  working_hours_start: "08:00",
  working_hours_end: "18:00",
};

/** The zone a member's working hours are judged in when they chose none: the business's. */
export const DEFAULT_MEMBER_ZONE = "Africa/Lagos";

/**
 * Whether the moment falls outside working hours in the zone: a weekend day there, or a time of
 * day before `start` or at/after `end` ("18:00" is already outside).
 */
export function outsideWorkingHours(at: Date, zone: string, start: string, end: string): boolean {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: zone,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  if (part("weekday") === "Sat" || part("weekday") === "Sun") return true;
  const time = `${part("hour")}:${part("minute")}`;
  return time < start || time >= end;
}
