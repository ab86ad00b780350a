// What the code uses of zod, re-exported by name (see zod.ts for why): a schema that needs another
// of zod's exports adds it here.
export {
  array,
  boolean,
  coerce,
  discriminatedUnion,
  email,
  enum,
  iso,
  literal,
  NEVER,
  null,
  number,
  object,
  output,
  input,
  preprocess,
  record,
  strictObject,
  string,
  union,
  unknown,
  url,
  uuid,
  ZodError,
  ZodType,
} from "zod";
export type { infer, ZodIssue } from "zod";
