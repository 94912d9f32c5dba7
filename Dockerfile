# syntax=docker/dockerfile:1.20
#
# One Dockerfile for every service of the monorepo.
#
#   docker build --target service --build-arg SERVICE=auth -t social-planner/auth .
#   docker build --target gateway -t social-planner/gateway .     (gateway + built frontend)
#   docker build -t social-planner/gateway .                 (same: gateway is the default)
#
# Stages:
#   manifests  the root and workspace package.json files + lockfile only (layer cache for npm ci)
#   deps       full `npm ci` (dev dependencies too): used to build the frontend and the services
#   frontend   `vite build` of frontend/shell and frontend/remotes/* -> /out/frontend/{shell,remotes/<name>}/dist
#   build      `npm run build` (tsc -b): packages/* and services/* to JavaScript -> /out/{packages,services}/<name>/dist
#   prod-deps  `npm ci --omit=dev` with a C toolchain for native modules
#   service    runtime on the pinned Node image, non-root, one service selected by SERVICE;
#              `node --conditions=compiled dist/migrate.js` in it is the release's migration Job
#   gateway    service + the built frontend, served by the gateway from FRONTEND_DIST
#              (no separate web server image: docs/decisions/deployment.md)
#
# Services run compiled JavaScript, no TypeScript source and no tsx in the image:
# `node --conditions=compiled dist/main.js`, cwd services/<SERVICE>. The
# "compiled" export condition makes every @planner/* package resolve to its
# dist/ (without it, their exports name the TypeScript source, for tsx and vitest).
# COPY --parents is generally available since dockerfile syntax 1.20.

# An exact release, so a rebuild gets the same Node (bump it on purpose; a digest
# pin `node:20.19.6-bookworm-slim@sha256:...` also works where the registry is reachable).
ARG NODE_IMAGE=node:20.19.6-bookworm-slim

# ---------------------------------------------------------------------------
FROM scratch AS manifests
# bench/ and tests/ are workspaces too; .dockerignore keeps only their
# package.json in the context, and the wildcard tolerates a missing one.
COPY --parents \
     package.json package-lock.json \
     packages/*/package.json \
     services/*/package.json \
     frontend/*/package.json \
     frontend/remotes/*/package.json \
     bench/*.json \
     tests/*.json \
     /app/

# ---------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false \
    REDISMS_DISABLE_POSTINSTALL=1
COPY --from=manifests /app/ ./
# Install scripts are not needed to bundle the frontend (esbuild/rolldown ship
# their binaries as optional dependencies), and skipping them avoids building
# native test-only modules here.
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm ci --ignore-scripts

# ---------------------------------------------------------------------------
FROM deps AS frontend
COPY tsconfig.base.json ./
COPY packages/ ./packages/
COPY frontend/ ./frontend/
# The shell and every remote build alone; /out keeps the repository's layout
# (frontend/shell/dist beside frontend/remotes/<name>/dist), which the gateway serves.
RUN npm run build --workspace frontend/shell --workspace frontend/remotes \
 && test -f frontend/shell/dist/index.html \
 && test -f frontend/shell/dist/remotes.json \
 && for remote in frontend/remotes/*/; do test -f "${remote}dist/remoteEntry.js"; done \
 && mkdir -p /out \
 && cp -r --parents frontend/shell/dist frontend/remotes/*/dist /out/

# ---------------------------------------------------------------------------
FROM deps AS build
COPY tsconfig.base.json tsconfig.build.base.json tsconfig.build.json ./
COPY packages/ ./packages/
COPY services/ ./services/
# Every package and service at once: one layer that all service images share.
# Declarations and build info are for the compiler only; source maps stay.
RUN npm run build \
 && mkdir -p /out \
 && cp -r --parents packages/*/dist services/*/dist /out/ \
 && find /out \( -name '*.d.ts' -o -name '*.d.ts.map' -o -name '*.tsbuildinfo' \) -delete

# ---------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
ENV npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false \
    REDISMS_DISABLE_POSTINSTALL=1
# Toolchain for dependencies that compile a native addon when no prebuilt
# binary fits; it stays in this stage, the runtime image gets node_modules only.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
 && rm -rf /var/lib/apt/lists/*
COPY --from=manifests /app/ ./
# Only what packages/* and services/* need at run time: no frontend, bench or
# test dependencies, no tsx.
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm ci --omit=dev --workspace=packages --workspace=services

# ---------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS service
ARG SERVICE=gateway
ENV NODE_ENV=production \
    SERVICE=${SERVICE} \
    HOST=0.0.0.0 \
    LOG_DIR=/var/log/planner \
    npm_config_update_notifier=false
WORKDIR /app
# node_modules (root and nested workspace ones) and every package.json; this
# layer is identical for all services, so the images share it.
COPY --from=prod-deps /app/ ./
# The compiled packages, and the compiled service: dist/ beside each package.json.
COPY --from=build /out/packages/ ./packages/
COPY --from=build /out/services/${SERVICE}/ ./services/${SERVICE}/
RUN if [ -z "${SERVICE}" ] || [ ! -f "services/${SERVICE}/dist/main.js" ]; then \
      echo "build arg SERVICE='${SERVICE}': services/${SERVICE}/dist/main.js not built (SERVICE is a folder name under services/)" >&2; \
      exit 1; \
    fi \
 && mkdir -p "${LOG_DIR}" \
 && chown node:node "${LOG_DIR}"
# Health probe without curl/wget: GET http://127.0.0.1:$PORT/health, exit 0 on 2xx.
COPY <<'EOF' /usr/local/lib/planner/healthcheck.mjs
const defaults = { gateway: 8080, auth: 4001, organizations: 4002, posts: 4003, scheduler: 4004, billing: 4005, content: 4006, notifications: 4007 };
const port = process.env.PORT || defaults[process.env.SERVICE] || 8080;
const timer = setTimeout(() => process.exit(1), 4000);
try {
  const res = await fetch(`http://127.0.0.1:${port}/health`);
  clearTimeout(timer);
  process.exit(res.ok ? 0 : 1);
} catch {
  process.exit(1);
}
EOF
USER node
WORKDIR /app/services/${SERVICE}
EXPOSE 8080 4001 4002 4003 4004 4005 4006 4007
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "/usr/local/lib/planner/healthcheck.mjs"]
STOPSIGNAL SIGTERM
CMD ["node", "--conditions=compiled", "dist/main.js"]

# ---------------------------------------------------------------------------
# The gateway serves the built shell at / and each remote at /remotes/<name>/.
FROM service AS gateway
COPY --from=frontend /out/frontend/ /app/frontend/
ENV FRONTEND_DIST=/app/frontend/shell/dist
