import "server-only";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "@/server/env";

const SECRET_FILE = path.join(process.cwd(), ".data", "auth-secret");

/**
 * AUTH_SECRET when set (required in production). In the sandbox with nothing configured, a random
 * secret is generated once and kept under .data/ so sessions survive a restart of the dev server.
 */
export function authSecret(): string {
  const configured = env().authSecret;
  if (configured) return configured;
  try {
    return readFileSync(SECRET_FILE, "utf8").trim();
  } catch {
    const secret = randomBytes(32).toString("base64url");
    mkdirSync(path.dirname(SECRET_FILE), { recursive: true });
    writeFileSync(SECRET_FILE, secret, { mode: 0o600, flag: "wx" });
    return readFileSync(SECRET_FILE, "utf8").trim();
  }
}
