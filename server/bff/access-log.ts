// The access log lives in server/http (the second-factor routes write it too); route.ts still imports it from here.
export { logAccess } from "@/server/http/access-log";
