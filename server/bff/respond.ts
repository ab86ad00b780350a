// The response helpers live in server/http (auth and webhook routes use them too, and server/bff
// depends on server/auth); route.ts still imports them from here.
export { errorResponse, failureOf, json } from "@/server/http/respond";
