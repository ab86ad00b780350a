import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

/** Drizzle's view of the tables; the SQL that creates them is in ./migrations (applied on start). */
export const staff = pgTable("staff", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  role: text("role", { enum: ["finance", "ops", "compliance", "admin"] }).notNull(),
  passwordHash: text("password_hash").notNull(),
  status: text("status", { enum: ["active", "disabled"] })
    .notNull()
    .default("active"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
  /** Sessions that signed in before this moment are refused (set when the account is disabled). */
  sessionsValidAfter: timestamp("sessions_valid_after", { withTimezone: true }),
  mustChangePassword: boolean("must_change_password").notNull().default(false), // set by an admin's reset (migration 0014)
  /** IANA zone the member chose for dates (migration 0018); null follows the browser. */
  timeZone: text("time_zone"),
});
export type StaffRow = typeof staff.$inferSelect;

export const auditLog = pgTable("audit_log", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
  requestId: text("request_id").notNull(),
  actorStaffId: uuid("actor_staff_id"),
  actorEmail: text("actor_email"),
  actorRole: text("actor_role"),
  action: text("action").notNull(),
  target: text("target"),
  outcome: text("outcome", { enum: ["success", "denied", "failure"] }).notNull(),
  detail: jsonb("detail").$type<Record<string, unknown> | null>(),
  prevHash: text("prev_hash").notNull(),
  hash: text("hash").notNull(),
});
export type AuditRow = typeof auditLog.$inferSelect;

export const cardVerificationState = pgTable("card_verification_state", {
  customerId: text("customer_id").primaryKey(),
  status: text("status", { enum: ["NOT_SUBMITTED", "PENDING", "APPROVED", "REJECTED", "RECONCILIATION_REQUIRED"] }),
  canCreateCard: boolean("can_create_card").notNull().default(false),
  statusSource: text("status_source", { enum: ["check", "submit", "webhook", "card"] }),
  statusUpdatedAt: timestamp("status_updated_at", { withTimezone: true }),
  verifiedAtIssuance: boolean("verified_at_issuance").notNull().default(false),
  checkedAt: timestamp("checked_at", { withTimezone: true }),
  lastErrorCode: text("last_error_code"),
  lastErrorMessage: text("last_error_message"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  checkClaimedUntil: timestamp("check_claimed_until", { withTimezone: true }),
  checkClaimId: text("check_claim_id"),
  statusAsOf: timestamp("status_as_of", { withTimezone: true }),
});
export type CardVerificationStateRow = typeof cardVerificationState.$inferSelect;

export const verificationEvents = pgTable("verification_events", {
  eventId: text("event_id").primaryKey(),
  customerId: text("customer_id").notNull(),
  status: text("status").notNull(),
  canCreateCard: boolean("can_create_card").notNull(),
  decidedAt: timestamp("decided_at", { withTimezone: true }),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

export const verificationEventDeliveries = pgTable("verification_event_deliveries", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  eventId: text("event_id").notNull(),
  customerId: text("customer_id").notNull(),
  status: text("status").notNull(),
  duplicate: boolean("duplicate").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

export const recentObjects = pgTable(
  "recent_objects",
  {
    staffId: uuid("staff_id").notNull(),
    kind: text("kind", { enum: ["transaction", "bill", "collection", "card", "card_transaction", "customer"] }).notNull(),
    objectId: text("object_id").notNull(),
    parentId: text("parent_id").notNull().default(""),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.kind, t.parentId, t.objectId] })],
);

// --- Money-moving actions once per intent (migration 0006) ---
export const idempotencyRecords = pgTable(
  "idempotency_records",
  {
    scope: text("scope", { enum: ["card.create", "credit.simulate"] }).notNull(),
    // Whose intent the key names: the member's id for an Idempotency-Key, '' for a credit reference (migration 0019).
    owner: text("owner").notNull().default(""),
    key: text("key").notNull(),
    fingerprint: text("fingerprint").notNull(),
    state: text("state", { enum: ["in_progress", "completed"] }).notNull(),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    staffId: uuid("staff_id"),
    requestId: text("request_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    leaseExpiresAt: timestamp("lease_expires_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.scope, t.owner, t.key] })],
);
export type IdempotencyRecordRow = typeof idempotencyRecords.$inferSelect;

export const cardIssuanceClaims = pgTable("card_issuance_claims", {
  customerId: text("customer_id").primaryKey(),
  idempotencyKey: text("idempotency_key").notNull(),
  requestId: text("request_id").notNull(),
  staffId: uuid("staff_id"),
  staffEmail: text("staff_email").notNull(),
  staffName: text("staff_name").notNull(),
  claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
export type CardIssuanceClaimRow = typeof cardIssuanceClaims.$inferSelect;

export const cardIssuances = pgTable("card_issuances", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  customerId: text("customer_id").notNull(),
  outcome: text("outcome", { enum: ["issued", "unknown"] }).notNull(),
  cardId: text("card_id"),
  cardLast4: text("card_last4"),
  staffId: uuid("staff_id"),
  staffEmail: text("staff_email").notNull(),
  staffName: text("staff_name").notNull(),
  issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  requestId: text("request_id").notNull(),
  idempotencyKey: text("idempotency_key").notNull(),
});
export type CardIssuanceRow = typeof cardIssuances.$inferSelect;

// --- auth: server-side sessions and sign-in budgets (migration 0007) ---
export const staffSessions = pgTable("staff_sessions", {
  id: uuid("id").primaryKey().defaultRandom(),
  staffId: uuid("staff_id").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  userAgent: text("user_agent").notNull().default(""),
  address: text("address").notNull().default(""),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
  // second factor (migration 0015)
  secondFactor: text("second_factor", { enum: ["not_required", "pending", "enrol", "passed"] })
    .notNull()
    .default("not_required"),
  secondFactorAt: timestamp("second_factor_at", { withTimezone: true }),
  // how the session signed in (migration 0019)
  signInMethod: text("sign_in_method", { enum: ["password", "sso"] })
    .notNull()
    .default("password"),
});
export type StaffSessionRow = typeof staffSessions.$inferSelect;

export const signInThrottle = pgTable(
  "sign_in_throttle",
  {
    // "totp": the second-factor code schedule, per staff id (server/auth/throttle.ts).
    scope: text("scope", { enum: ["email", "address", "totp"] }).notNull(),
    key: text("key").notNull(),
    count: integer("count").notNull().default(0),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    auditedAt: timestamp("audited_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

// --- Contact details last set through the back-office (migration 0013) ---
export const customerContacts = pgTable("customer_contacts", {
  customerId: text("customer_id").primaryKey(),
  email: text("email"),
  emailUpdatedAt: timestamp("email_updated_at", { withTimezone: true }),
  phoneNumber: text("phone_number"),
  phoneUpdatedAt: timestamp("phone_updated_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedByStaffId: uuid("updated_by_staff_id"),
  updatedByEmail: text("updated_by_email").notNull(),
});

// --- A contact update in flight, one per customer (migration 0027) ---
export const customerContactClaims = pgTable("customer_contact_claims", {
  customerId: text("customer_id").primaryKey(),
  claimId: text("claim_id").notNull(),
  claimedUntil: timestamp("claimed_until", { withTimezone: true }).notNull(),
});

// --- second factor: TOTP, recovery codes, who must use it (migration 0015) ---
export const staffTotp = pgTable("staff_totp", {
  staffId: uuid("staff_id").primaryKey(),
  secretBox: text("secret_box").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  enrolledAt: timestamp("enrolled_at", { withTimezone: true }),
  lastStep: bigint("last_step", { mode: "number" }),
});
export type StaffTotpRow = typeof staffTotp.$inferSelect;

export const staffRecoveryCodes = pgTable("staff_recovery_codes", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  staffId: uuid("staff_id").notNull(),
  codeHash: text("code_hash").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

export const securitySettings = pgTable("security_settings", {
  id: smallint("id").primaryKey().default(1),
  require2faAll: boolean("require_2fa_all").notNull().default(false),
  require2faRoles: text("require_2fa_roles").array().notNull().default([]),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid("updated_by"),
});
export type SecuritySettingsRow = typeof securitySettings.$inferSelect;

// --- multi-instance: BVN reveal copies, sealed, shared by every instance (migration 0017) ---
export const bvnReveals = pgTable("bvn_reveals", {
  lookupId: text("lookup_id").primaryKey(),
  staffId: uuid("staff_id").notNull(),
  sealed: text("sealed").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

// --- home and search: objects read through the back-office (migration 0016) ---
export const seenObjects = pgTable(
  "seen_objects",
  {
    kind: text("kind", { enum: ["transaction", "bill", "collection"] }).notNull(),
    id: text("id").notNull(),
    reference: text("reference"),
    accountNumber: text("account_number"),
    customerId: text("customer_id"),
    label: text("label").notNull().default(""),
    /** The upstream's `report` flag on a transaction or bill: it asks finance to look at it. */
    report: boolean("report").notNull().default(false),
    /** A transaction's amount or a collection account's balance, as last read. */
    amount: doublePrecision("amount"),
    currency: text("currency"),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.id] })],
);
export type SeenObjectRow = typeof seenObjects.$inferSelect;

// --- four-eyes approvals (migrations 0022, 0028) ---
export const approvals = pgTable("approvals", {
  id: uuid("id").primaryKey().defaultRandom(),
  action: text("action").notNull(),
  capability: text("capability").notNull(),
  status: text("status").notNull().default("pending"),
  requestedBy: uuid("requested_by").notNull(),
  requestedByName: text("requested_by_name").notNull(),
  requestedByEmail: text("requested_by_email").notNull(),
  requestId: text("request_id").notNull(),
  target: text("target"),
  summary: text("summary").notNull(),
  input: jsonb("input").notNull(),
  intent: text("intent").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  decidedBy: uuid("decided_by"),
  decidedByName: text("decided_by_name"),
  decidedByEmail: text("decided_by_email"),
  decidedAt: timestamp("decided_at", { withTimezone: true }),
  reason: text("reason"),
  usableUntil: timestamp("usable_until", { withTimezone: true }),
  resultStatus: integer("result_status"),
  resultCode: text("result_code"),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  // A grant claimed by the maker's request that is using it (migration 0028).
  claimId: text("claim_id"),
  claimedUntil: timestamp("claimed_until", { withTimezone: true }),
});
export type ApprovalRow = typeof approvals.$inferSelect;

export const approvalSettings = pgTable("approval_settings", {
  id: smallint("id").primaryKey().default(1),
  required: text("required").array().notNull().default([]),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid("updated_by"),
  updatedByName: text("updated_by_name"),
});

// --- saved views (migration 0023) ---
export const savedViews = pgTable("saved_views", {
  id: uuid("id").primaryKey().defaultRandom(),
  ownerId: uuid("owner_id").notNull(),
  page: text("page").notNull(),
  name: text("name").notNull(),
  filters: jsonb("filters").$type<Record<string, string>>().notNull().default({}),
  shared: boolean("shared").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
export type SavedViewRow = typeof savedViews.$inferSelect;

export const savedViewDefaults = pgTable(
  "saved_view_defaults",
  {
    staffId: uuid("staff_id").notNull(),
    page: text("page").notNull(),
    viewId: uuid("view_id").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.page] })],
);

// --- The webhook delivery log (migration 0024) ---
export const webhookDeliveries = pgTable("webhook_deliveries", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  requestId: text("request_id").notNull(),
  outcome: text("outcome", { enum: ["applied", "duplicate", "stale", "unknown_customer", "refused", "failed"] }).notNull(),
  refusal: text("refusal", { enum: ["signature", "size", "shape", "not_configured"] }),
  refusalDetail: text("refusal_detail"),
  eventId: text("event_id"),
  customerId: text("customer_id"),
  status: text("status"),
  canCreateCard: boolean("can_create_card"),
  decidedAt: timestamp("decided_at", { withTimezone: true }),
  payload: jsonb("payload").$type<unknown>(),
  payloadBytes: integer("payload_bytes").notNull().default(0),
  reappliedAt: timestamp("reapplied_at", { withTimezone: true }),
  reappliedBy: uuid("reapplied_by"),
  reappliedByEmail: text("reapplied_by_email"),
  reapplyOutcome: text("reapply_outcome", { enum: ["applied", "stale", "unknown_customer"] }),
});
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

// --- security alerts and the address allowlist (migration 0026) ---
export const securityAlerts = pgTable("security_alerts", {
  id: uuid("id").primaryKey().defaultRandom(),
  rule: text("rule").notNull(),
  subject: text("subject").notNull(),
  windowKey: text("window_key").notNull(),
  details: jsonb("details").$type<Record<string, string | number | boolean | null>>().notNull().default({}),
  raisedAt: timestamp("raised_at", { withTimezone: true }).notNull().defaultNow(),
  acknowledgedBy: uuid("acknowledged_by"),
  acknowledgedByName: text("acknowledged_by_name"),
  acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }),
});
export type SecurityAlertRow = typeof securityAlerts.$inferSelect;

export const securityAlertOutbox = pgTable("security_alert_outbox", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  alertId: uuid("alert_id").notNull(),
  body: jsonb("body").$type<{ text: string }>().notNull(),
  attempts: integer("attempts").notNull().default(0),
  nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
  deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  lastError: text("last_error"),
});

export const securityAlertSettings = pgTable("security_alert_settings", {
  id: smallint("id").primaryKey().default(1),
  thresholds: jsonb("thresholds").$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid("updated_by"),
  updatedByName: text("updated_by_name"),
});

export const addressAllowlist = pgTable("address_allowlist", {
  id: smallint("id").primaryKey().default(1),
  ranges: text("ranges").array().notNull().default([]),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid("updated_by"),
  updatedByName: text("updated_by_name"),
});
