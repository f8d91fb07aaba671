# syntax=docker/dockerfile:1
#
# Tabula in a container (docs/operations.md "Running in containers").
#   docker build -t tabula .
#   docker run --init -p 3000:3000 -v tabula-data:/app/data tabula     # one node, embedded PGlite
# Several nodes with PostgreSQL, Redis and a proxy: deploy/compose.yaml.
#
# Two stages: `build` installs every dependency and runs `npm run build` (browser bundles → dist/,
# the server as plain JavaScript → build/); the runtime stage has only the runtime dependencies,
# dist/ and build/, and runs as the unprivileged `node` user.

ARG NODE_IMAGE=node:20-bookworm-slim

# ---------------------------------------------------------------- build
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# the manifests first: a source change does not reinstall the dependencies
# (sdk/ is an npm workspace: `npm ci` needs its package.json)
COPY package.json package-lock.json .npmrc ./
COPY sdk/package.json sdk/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---------------------------------------------------------------- runtime
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY sdk/package.json sdk/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/build ./build
# the help pages /documents/* are rendered from these at start (platform/documents)
COPY --from=build /app/docs/help ./docs/help
# DATA_DIR: generated secrets and VAPID keys when not given, the embedded database without
# DATABASE_URL, the per-level log files (LOG_DIR); the only place the node writes
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
# ready = the database answers, Redis answers (with REDIS_URL), migrations are done; 503 while
# the node drains after SIGTERM (GET /ready, docs/operations.md)
HEALTHCHECK --interval=10s --timeout=4s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/ready', { signal: AbortSignal.timeout(3000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# the node drains on SIGTERM within SHUTDOWN_TIMEOUT_MS (default 10 s): give the container longer
# than that before it is killed (docker stop -t 15, compose stop_grace_period)
STOPSIGNAL SIGTERM
CMD ["node", "build/main.js"]
