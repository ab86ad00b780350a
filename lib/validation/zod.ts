/**
 * zod, as every file here imports it. The bundler keeps every export of a namespace object used as a
 * value, and zod's own `z` holds its 64 error-message locales and its JSON Schema converters: the
 * browser's zod chunk, fetched by the first form a member opens, was 88 KiB compressed with them
 * and is 32 KiB with this namespace of only what the code uses (zod-exports.ts). English messages
 * stay: zod registers them itself when the first schema is built. eslint.config.mjs refuses
 * imports of "zod" anywhere else.
 */
export * as z from "./zod-exports";
