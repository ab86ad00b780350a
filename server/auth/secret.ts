import "server-only";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { authSecretRequiredBecause, env, EnvError } from "@/server/env";

const SECRET_FILE = path.join(process.cwd(), ".data", "auth-secret");

/**
 * AUTH_SECRET when set. Only one process on the embedded simulator and the embedded database runs
 * without it (`npm run dev` with nothing configured): a random secret is generated once and kept
 * under .data/ so sessions survive a restart of the dev server. Anywhere else (production, PostgreSQL,
 * another payments API) the server refuses to start without it (server/env.ts); a command line tool,
 * held to fewer rules, is refused here when it needs the secret, for the same reason.
 */
export function authSecret(): string {
  const config = env();
  if (config.authSecret) return config.authSecret;
  const required = authSecretRequiredBecause(config);
  if (required) throw new EnvError(`Invalid configuration:\n  AUTH_SECRET ${required}`);
  try {
    return readFileSync(SECRET_FILE, "utf8").trim();
  } catch {
    const secret = randomBytes(32).toString("base64url");
    mkdirSync(path.dirname(SECRET_FILE), { recursive: true });
    writeFileSync(SECRET_FILE, secret, { mode: 0o600, flag: "wx" });
    return readFileSync(SECRET_FILE, "utf8").trim();
  }
}
