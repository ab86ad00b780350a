# syntax=docker/dockerfile:1
# The back-office as one image: `docker build -t payments-back-office .`
# Pin a digest as well (node:20.20.2-bookworm-slim@sha256:…) where images are promoted between environments.
ARG NODE_IMAGE=node:20.20.2-bookworm-slim

# --- dependencies, from the committed lock file only -------------------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# --- the production build (also the image for the staff CLI: `docker build --target build`) ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npm run build

# --- what runs: the standalone server and nothing else -------------------------------------------
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
# HOSTNAME: the standalone server listens on it, and the container's own hostname would not be reachable.
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0
# Owned by root and not writable by the user the server runs as: the code cannot be changed at run
# time, and the container can run with a read-only root file system.
COPY --from=build /app/.next/standalone ./
COPY --from=build /app/.next/static ./.next/static
COPY --from=build /app/public ./public
# The one place the server writes: the embedded PGlite database (no DATABASE_URL) and the generated
# AUTH_SECRET of a sandbox on the embedded simulator and database (anywhere else AUTH_SECRET is
# required). With both set it stays empty.
RUN mkdir .data && chown node:node .data
VOLUME ["/app/.data"]
USER node
EXPOSE 3000
# Liveness: the process answers (the database is not asked, so a brief outage restarts no container);
# point a load balancer at /api/ready instead, which needs the database.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The same young-generation size as `npm start` (see Benchmarks). Node is PID 1 and gets SIGTERM
# itself: the server drains the requests in flight and exits (143).
CMD ["node", "--max-semi-space-size=64", "server.js"]
