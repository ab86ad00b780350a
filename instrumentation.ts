/** Runs once when the server starts; the Node-only work lives in server/startup.ts. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") await (await import("./server/startup")).start();
}
