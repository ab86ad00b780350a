import NextAuth from "next-auth";
import { authOptions } from "@/server/auth/options";
import { refuseHostileAuthInput } from "@/server/http/auth-route-input";
import { methodsOf } from "@/server/http/methods";

type Context = { params: Promise<{ nextauth: string[] }> };

async function handler(request: Request, context: Context) {
  const refused = refuseHostileAuthInput(request, (await context.params).nextauth);
  if (refused) return refused;
  return NextAuth(authOptions())(request, context);
}

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methodsOf("/api/auth/[...nextauth]", { GET: handler, POST: handler });
