import { auditEvidenceEnv } from "./audit-evidence";
import { appOidcEnv } from "./servers-idp";

/** Ports and configuration of the servers the end-to-end suite starts (see playwright.config.ts). */
export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3100);
export const SIMULATOR_PORT = Number(process.env.E2E_SIMULATOR_PORT ?? 4110);
export const SIMULATOR_URL = `http://127.0.0.1:${SIMULATOR_PORT}`;
/** What the app and the simulator print, one file per port: two suites may run side by side (npm test's shards). */
export const APP_LOG = `.data/e2e-app-${APP_PORT}.log`;
export const SIMULATOR_LOG = `.data/e2e-simulator-${SIMULATOR_PORT}.log`;
export const DEMO_PASSWORD = "e2e-demo-password";
/** The app's WEBHOOK_SECRET, which the standalone simulator signs its verification decisions with. */
export const WEBHOOK_SECRET = "e2e-webhook-secret-0123456789";

/** The simulator's sandbox credentials (server/simulator SIMULATOR_CREDENTIALS). */
export const SANDBOX_BUSINESS_ID = "biz_sandbox_001";

export const STEP_UP_MAX_AGE_SECONDS = 20;

export function appEnv(): Record<string, string> {
  return {
    BUSINESS_API_BASE_URL: `${SIMULATOR_URL}/api/v1`,
    BUSINESS_API_ENVIRONMENT: "sandbox",
    BUSINESS_ID: SANDBOX_BUSINESS_ID,
    BUSINESS_SECRET_KEY: process.env.E2E_SIMULATOR_SECRET ?? "sk_sandbox_3f9a7c21d84e4b6a9c0e5d12",
    BUSINESS_API_TIMEOUT_MS: "3000",
    AUTH_SECRET: "e2e-auth-secret-that-is-long-enough-0123456789",
    DATABASE_URL: "memory:",
    DEMO_PASSWORD,
    // The specs sign in as the demo accounts, which exist by default with the embedded simulator only:
    // the standalone simulator on 127.0.0.1 is a loopback upstream, the one place DEMO_ACCOUNTS=true is allowed.
    DEMO_ACCOUNTS: "true",
    WEBHOOK_SECRET,
    LOG_LEVEL: "warn",
    // Step-up after 20 s instead of 15 min, so two-factor.spec can see the prompt (only enrolled accounts are affected).
    STEP_UP_MAX_AGE_SECONDS: String(STEP_UP_MAX_AGE_SECONDS),

    // Single sign-on offered alongside the password form, against the suite's own IdP.
    ...appOidcEnv(APP_PORT),
    // Signed audit checkpoints and the audit stream's bearer token (e2e/compliance/audit-evidence.spec.ts).
    ...auditEvidenceEnv(String(APP_PORT)),
  };
}

/** The standalone simulator delivers its verification decisions to the app under test. */
export function simulatorWebhookEnv(): Record<string, string> {
  return { SIMULATOR_WEBHOOK_URL: `http://localhost:${APP_PORT}/api/webhooks/card-verification`, SIMULATOR_WEBHOOK_SECRET: WEBHOOK_SECRET };
}
