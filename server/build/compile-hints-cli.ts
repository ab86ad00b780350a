import { addCompileHints } from "./compile-hints";

// Run by `npm run build` after `next build`: the browser chunks it wrote, before anything serves them.
const hinted = await addCompileHints(".next/static/chunks");
console.log(`compile hints: ${hinted.length} browser chunks of 30 KiB or more`);
