import "server-only";
import { parseSimulatorEnv, SimulatorConfigError } from "./config";
import { startSimulatorServer } from "./http-server";
import { SEED, SIMULATOR_CREDENTIALS } from "./seed/ids";
import { deliverWebhook } from "./webhook-delivery";

/** `npm run simulator`: the sandbox API on 127.0.0.1:$SIMULATOR_PORT (default 4010). */
async function main(): Promise<void> {
  let config: ReturnType<typeof parseSimulatorEnv>;
  try {
    config = parseSimulatorEnv(process.env);
  } catch (error) {
    if (error instanceof SimulatorConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const server = await startSimulatorServer({
    port: config.port,
    options: {
      ...config.options,
      onVerificationDecision: (event) => {
        console.log(`verification decided: ${event.customerId} → ${event.status} (${event.eventId})`);
        const target = config.webhook;
        if (!target) return;
        void deliverWebhook(target.url, target.auth, event).then((status) =>
          console.log(`  webhook ${event.eventId} → ${status === null ? "not delivered" : `HTTP ${status}`}`),
        );
      },
    },
  });
  console.log(`Business Payments API simulator (${config.options.environment}) at ${server.url}`);
  console.log(`  credentials: ${SIMULATOR_CREDENTIALS.businessId} / ${SIMULATOR_CREDENTIALS.secretKey}`);
  console.log(`  customers: ${Object.values(SEED.customers).join(", ")}`);
  console.log(`  controls: ${server.url.replace(/\/api\/v1$/, "")}/__sim/{health,faults,stats,reset}`);

  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
