import "server-only";
import { notFound } from "next/navigation";
import { isValidPathParam } from "@/lib/path-params";
import { staffWith } from "@/server/pages/require-staff";

/**
 * For finance pages: the staff member when the role may read finance data, null when not (the page
 * shows a "not available" state). An id that cannot exist is a not-found page, never an upstream call.
 */
export async function financePageAccess(ids: string[] = []) {
  const { staff, allowed } = await staffWith("finance.read");
  if (!allowed) return null;
  if (!ids.every(isValidPathParam)) notFound();
  return staff;
}
