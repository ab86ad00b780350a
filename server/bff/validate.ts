// Validation lives in server/http (services and the second-factor routes use it too); route.ts and
// one route file still import it from here.
export { parseOrThrow } from "@/server/http/validate";
