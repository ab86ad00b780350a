// The few parts of oidc-provider (which ships no types) that the test IdP uses.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";
  type Account = { accountId: string; claims: () => Promise<Record<string, unknown>> };
  type Configuration = {
    /** The signing keys, as private JWKs (RFC 7517); without it, development keys signing RS256. */
    jwks?: { keys: Record<string, unknown>[] };
    clients: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    pkce?: { required: () => boolean };
    findAccount: (ctx: unknown, id: string) => Promise<Account | undefined>;
  };
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
