import { isValidElement, type ReactElement, type ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";

// The real page, guard and database; only the request's headers and an administrator's session are
// faked. The server side is imported dynamically, after the mocks, as the route tests do.
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-forwarded-for": "127.0.0.1" }) }));
vi.mock("@/server/auth/session", () => ({
  currentSignIn: async () => ({
    staff: {
      id: "00000000-0000-4000-8000-000000000001",
      email: "admin@example.com",
      name: "admin",
      role: "admin",
      status: "active",
      sessionId: "sess_1",
      mustChangePassword: false,
    },
    secondFactor: "not_required",
    secondFactorAt: null,
  }),
  isSessionUsable: () => true,
}));

const { default: WebhooksPage } = await import("@/app/(app)/webhooks/page");
const { DeliveryLog } = await import("./delivery-log");
const { db } = await import("@/server/db/client");
const { webhookDeliveries } = await import("@/server/db/schema");

/** The element of `type` in the page's tree: what the page hands its component, as the browser receives it. */
function find(node: ReactNode, type: unknown): ReactElement | undefined {
  if (Array.isArray(node)) return node.map((child: ReactNode) => find(child, type)).find(Boolean);
  if (!isValidElement(node)) return undefined;
  if (node.type === type) return node;
  return find((node.props as { children?: ReactNode }).children, type);
}

describe("the incoming updates page", () => {
  it("hands the delivery log a payload stored raw (before the masking rule) masked, as the API answers it", async () => {
    await (
      await db()
    )
      .insert(webhookDeliveries)
      .values({ requestId: "req-raw-row", outcome: "failed", eventId: "evt_raw", payload: { note: "card 4111111111111111 cvv 123" } });
    const tree = await WebhooksPage({ params: Promise.resolve({}), searchParams: Promise.resolve({}) });
    const log = find(tree, DeliveryLog);
    const props = log?.props as { page: { deliveries: { eventId: string | null; payload: unknown }[] } } | undefined;
    const row = props?.page.deliveries.find((d) => d.eventId === "evt_raw");
    expect(row?.payload).toEqual({ note: "card •••••••1111 cvv •••" });
    expect(JSON.stringify(props)).not.toMatch(/4111111111111111|cvv 123/);
  });

  it("shows no security code stored under its own key before that key was a secret", async () => {
    await (await db()).insert(webhookDeliveries).values({
      requestId: "req-raw-cvv",
      outcome: "failed",
      eventId: "evt_raw_cvv",
      payload: { card: { number: "4111111111111111", cvv: "123" } },
    });
    const tree = await WebhooksPage({ params: Promise.resolve({}), searchParams: Promise.resolve({}) });
    const props = find(tree, DeliveryLog)?.props as { page: { deliveries: { eventId: string | null; payload: unknown }[] } } | undefined;
    const row = props?.page.deliveries.find((d) => d.eventId === "evt_raw_cvv");
    expect(row?.payload).toEqual({ card: { number: "•••••••1111" } });
  });
});
