import "server-only";
import type { Business } from "@/lib/schemas";
import { SEED } from "./ids";

type BusinessRecord = { [K in keyof Business]: NonNullable<Business[K]> };

/** An inline SVG so the logo renders without network access. */
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#0f766e"/>' +
  '<path d="M18 44 32 18l14 26h-7l-7-13-7 13z" fill="#ffffff"/></svg>';
const LOGO = `data:image/svg+xml,${encodeURIComponent(LOGO_SVG)}`;

/** The authenticated business; its id follows the simulator's credentials (default biz_sandbox_001). */
export function seedBusiness(businessId: string): BusinessRecord {
  return {
    id: businessId,
    name: "Harbor & Pine Trading Ltd",
    slug: "harbor-and-pine-trading",
    type: "LIMITED_LIABILITY_COMPANY",
    status: "ACTIVE",
    activity_status: "LIVE",
    address: "14 Admiralty Way, Lekki Phase 1, Lagos 106104, Nigeria",
    country: "NG",
    email: "finance@harborandpine.example",
    logo: LOGO,
    created_at: "2024-03-18T09:42:11.000Z",
    updated_at: "2026-10-02T15:07:45.000Z",
  };
}

/** Exists only so that its customers can be refused with 403; no credentials authenticate it. */
export function seedOtherBusiness(): BusinessRecord {
  return {
    ...seedBusiness(SEED.businesses.other),
    name: "Northwind Foods Ltd",
    slug: "northwind-foods",
    email: "accounts@northwind.example",
    address: "7 Ahmadu Bello Way, Victoria Island, Lagos 101241, Nigeria",
    created_at: "2025-01-07T11:00:00.000Z",
    updated_at: "2026-09-14T08:30:00.000Z",
  };
}
