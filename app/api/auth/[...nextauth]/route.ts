import NextAuth from "next-auth";
import { authOptions } from "@/server/auth/options";

type Context = { params: Promise<{ nextauth: string[] }> };

function handler(request: Request, context: Context) {
  return NextAuth(authOptions())(request, context);
}

export { handler as GET, handler as POST };
