import type { Metadata } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { EARLY_SHORTCUT_SCRIPT } from "@/components/shell/early-shortcut";
import { WARM_INTL_SCRIPT } from "@/components/shell/warm-intl";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Payments back-office", template: "%s · Payments back-office" },
  robots: { index: false, follow: false },
  icons: {
    icon: [
      { url: "/icon.svg", type: "image/svg+xml" },
      { url: "/favicon.ico", sizes: "16x16" },
    ],
  },
};

// Every page carries a per-request CSP nonce (set in proxy.ts); Next puts it on its scripts only
// when the page is rendered for that request, so nothing is prerendered.
export const dynamic = "force-dynamic";

// Zod compiles faster parsers with `new Function` and probes for it when the first object schema
// is built; under a CSP without 'unsafe-eval' that probe is a reported violation. Its config lives on
// globalThis, so this runs before any chunk (and so any schema) loads; jitless parsing gives the same results.
const ZOD_WITHOUT_EVAL = "globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });";

export default async function RootLayout({ children }: { children: ReactNode }) {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <html lang="en">
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ZOD_WITHOUT_EVAL }} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: EARLY_SHORTCUT_SCRIPT }} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: WARM_INTL_SCRIPT }} />
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
