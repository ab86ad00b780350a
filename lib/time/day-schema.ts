import { z } from "@/lib/validation/zod";
import { dayProblem } from "./zoned-day";

// Apart from zoned-day.ts, as zone-schema.ts is from zone.ts: pages that only read days need no zod.

const dayString = (blankAllowed: boolean) =>
  z.string({ message: "Use a date like 2026-01-31." }).superRefine((day, ctx) => {
    const problem = blankAllowed && day === "" ? null : dayProblem(day);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** A day a date filter can use, from a request: YYYY-MM-DD, a real date, FIRST_DAY to LAST_DAY (zoned-day.ts). */
export const daySchema = dayString(false);

/** `daySchema`, or "" for no bound (the card list's `from` and `to`). */
export const dayOrBlankSchema = dayString(true);
