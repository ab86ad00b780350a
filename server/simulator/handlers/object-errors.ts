import "server-only";

/** Messages for a strict body object: the wrong type, or fields the API does not take. */
export const strictObjectError = {
  error: (issue: { code?: string }) => (issue.code === "unrecognized_keys" ? "Unknown field." : "Expected a JSON object."),
};
