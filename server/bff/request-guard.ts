// The request guards live in server/http (the second-factor and webhook routes use them too); route.ts still imports them from here.
export { assertSameOrigin, readJsonBody } from "@/server/http/request-guard";
