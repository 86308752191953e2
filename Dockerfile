# syntax=docker/dockerfile:1
# Coinpace: one image for every ROLE (api, gateway, poller, worker; see docker-compose.yml).
# Stages: install everything and build (web app + bundled server), install only the server's
# production packages, then a slim runtime that runs the built JavaScript with plain node.

ARG NODE_IMAGE=node:20.20-bookworm-slim

# Workspace manifests only, so the install layers are cached until a dependency changes.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY db/package.json db/
COPY adapters/package.json adapters/
COPY api/package.json api/
COPY realtime/package.json realtime/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
COPY faults/package.json faults/
# Fixes to dependencies, applied by patch-package when npm ci runs the postinstall script.
COPY patches/ patches/

FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The server's dependency tree without dev packages; our workspaces are inside the bundle already.
FROM manifests AS production-packages
RUN npm ci --omit=dev --workspace=@coinpace/server --no-audit --no-fund --ignore-scripts \
  && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=production-packages /app/node_modules ./node_modules
# That install skips scripts (patch-package is a dev package), so the patched packages come from the build.
COPY --from=build /app/node_modules/postgres ./node_modules/postgres
# server/package.json says the bundle is an ES module; paths below keep the repository layout the
# bundle resolves from its own location (server/src/paths.ts).
COPY --from=build /app/server/package.json ./server/package.json
COPY --from=build /app/server/dist ./server/dist
COPY --from=build /app/db/drizzle ./db/drizzle
COPY --from=build /app/web/dist ./web/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
# node is PID 1 and gets SIGTERM itself: the server closes connections and stops its workers.
# Stack traces name the bundle's lines; NODE_OPTIONS=--enable-source-maps maps them to the TypeScript sources
# at about half a second of start-up and 8 MB per process (bench:startup).
STOPSIGNAL SIGTERM
CMD ["node", "server/dist/main.js"]
