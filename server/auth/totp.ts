import "server-only";
import { generate, generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { normalizeDigits } from "@/lib/validation/sensitive-digits";

/** RFC 6238 as authenticator apps use it: SHA-1, 6 digits, 30-second steps (otplib's defaults). */
const PERIOD_SECONDS = 30;
// One step either side for clock drift between the phone and the server.
const TOLERANCE_SECONDS = PERIOD_SECONDS;
const ISSUER = "Payments back-office";

export const TOTP_CODE = /^\d{6}$/;

/**
 * A code as typed, made comparable: without spaces ("123 456"), and with any script's digits
 * (full-width, Arabic-Indic: what a phone's or a laptop's keyboard may give) as 0–9. The code is
 * checked here and never sent on, so reading ١٢٣ as 123 widens nothing; left as typed it would
 * spend an attempt on a right code.
 */
export function typedCode(raw: string): string {
  return normalizeDigits(raw).replace(/\s/g, "");
}

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, accountEmail: string): string {
  return generateURI({ issuer: ISSUER, label: accountEmail, secret });
}

/** The enrolment QR code as an SVG data URL, drawn on the server (the secret never reaches a third party). */
export async function totpQrDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

/**
 * The time step a code matches (within one step of drift), or null. `afterStep` refuses that step
 * and earlier ones: a code is single-use. `nowMs` is injectable so tests control the clock.
 */
export async function matchTotp(secret: string, code: string, afterStep: number | null, nowMs = Date.now()): Promise<number | null> {
  if (!TOTP_CODE.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  });
  // The functional API's result type also covers HOTP, which has no time step.
  return result.valid && "timeStep" in result && typeof result.timeStep === "number" ? result.timeStep : null;
}

/** The current code for a secret (tests and the e2e suite compute codes the same way an app does). */
export function totpCode(secret: string, nowMs = Date.now()): Promise<string> {
  return generate({ secret, epoch: Math.floor(nowMs / 1000) });
}
