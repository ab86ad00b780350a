import type { Metadata } from "next";
import { TimeZoneForm } from "@/components/account/time-zone-form";
import { PageHeader } from "@/components/ui/page-header";
import { knownTimeZones } from "@/lib/time/zone";
import { page } from "@/app/page-guard";

export const metadata: Metadata = { title: "Your account" };

export default page({ capability: "account.self", area: "your account" }, () => (
  <div className="min-w-0 space-y-6">
    <PageHeader title="Your account" subtitle="Preferences that follow you to every browser you sign in from." />
    {/* The server's list: exactly the zones it will accept when the form is saved. */}
    <TimeZoneForm zones={knownTimeZones()} />
  </div>
));
