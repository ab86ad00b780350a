/**
 * Runs once when the server starts: a bad configuration stops start-up with the variable's name,
 * and the database is opened and migrated before the first request rather than during it.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { env, EnvError } = await import("@/server/env");
  try {
    env();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { db } = await import("@/server/db/client");
  await db();
}
