# syntax=docker/dockerfile:1
# Every Go image, from one file: a service (services/<svc>/cmd/<svc>) or the all-in-one `crm`.
# Build from the repository root (the Go workspace needs every module listed in go.work):
#   docker build -f deploy/docker/Dockerfile.go --build-arg SERVICE=sales -t crm-sales .
#   docker build -f deploy/docker/Dockerfile.go --target crm --build-arg SERVICE=crm \
#     --build-arg PACKAGE=./services/allinone/cmd/crm -t crm .
# docker-compose.yml builds each service this way (build.args.SERVICE); deploy/check.sh checks
# that every services/<svc>/cmd/<svc> is built by it. A new service needs no change here, nor does
# a new module of go.work under services/ (its go.mod is picked up by the `modules` stage).
#
# Targets: `service` (the last stage, the default) and `crm` (adds the web app and /data). A
# stage a target does not need is not built (BuildKit): a service image never runs the npm build.

ARG GO_VERSION=1.26
ARG NODE_VERSION=20

# ---- the module files of every module in go.work, and nothing else ----
# Copies the Go trees, then deletes everything but go.work, go.mod and go.sum files: nothing lists
# the modules one by one, so a new one cannot be missed. The result only changes when one of those
# files does, so the `go mod download` layer below stays cached across source edits.
FROM golang:${GO_VERSION}-bookworm AS modules
WORKDIR /src
COPY go.work go.work.sum ./
COPY proto/gen/go proto/gen/go
COPY services services
RUN find . -type f ! -name go.work ! -name go.work.sum ! -name go.mod ! -name go.sum -delete && \
    find . -type d -empty -delete

# ---- Go ----
FROM golang:${GO_VERSION}-bookworm AS build
WORKDIR /src
# Pass --build-arg GOPROXY=… to build behind a module mirror.
ARG GOPROXY=https://proxy.golang.org,direct
ENV CGO_ENABLED=0 GOFLAGS=-buildvcs=false GOTOOLCHAIN=local
# Module files first: the download layer is reused until a go.mod or go.sum changes (and shared
# by every service: SERVICE is declared only further down).
COPY --from=modules /src/ ./
RUN --mount=type=cache,target=/go/pkg/mod go mod download
COPY deploy/docker/probe deploy/docker/probe
RUN --mount=type=cache,target=/go/pkg/mod --mount=type=cache,target=/root/.cache/go-build \
    cd deploy/docker/probe && GOWORK=off go build -trimpath -ldflags="-s -w" -o /out/probe . && \
    mkdir -p /out/data
COPY proto/gen/go proto/gen/go
COPY services services
# SERVICE names the image (operator, sales, …, crm); PACKAGE is the Go command built, by default
# services/<SERVICE>/cmd/<SERVICE> (the all-in-one passes ./services/allinone/cmd/crm).
ARG SERVICE
ARG PACKAGE=
# The SQLite of the embedded store is modernc.org/sqlite (pure Go), so CGO stays off.
RUN --mount=type=cache,target=/go/pkg/mod --mount=type=cache,target=/root/.cache/go-build \
    set -eu; \
    [ -n "${SERVICE}" ] || { echo 'Dockerfile.go: pass --build-arg SERVICE=<svc> (a folder of services/ with cmd/<svc>)' >&2; exit 1; }; \
    pkg="${PACKAGE:-./services/${SERVICE}/cmd/${SERVICE}}"; \
    [ -d "$pkg" ] || { echo "Dockerfile.go: $pkg does not exist (SERVICE=${SERVICE})" >&2; exit 1; }; \
    go build -trimpath -ldflags="-s -w" -o /out/server "$pkg"

# ---- web app (mobile/ → dist), for the crm target only ----
FROM node:${NODE_VERSION}-bookworm-slim AS web
WORKDIR /src/mobile
COPY mobile/package.json mobile/package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY mobile/ ./
# The app's generated API types come from this OpenAPI document (mobile/scripts/gen-api.mjs).
COPY proto/gen/openapi /src/proto/gen/openapi
# Read at build time (Vite). Empty values fall back to the app's defaults (src/config/env.ts:
# project demo-crm, no emulator).
ARG VITE_FIREBASE_API_KEY= \
    VITE_FIREBASE_AUTH_DOMAIN= \
    VITE_FIREBASE_PROJECT_ID= \
    VITE_FIREBASE_APP_ID= \
    VITE_FIREBASE_LINK_DOMAIN= \
    VITE_FIREBASE_AUTH_EMULATOR_URL= \
    VITE_API_BASE_URL=
RUN npm run build

# ---- crm: every service in one process, the web app, and the embedded store in /data when
# MONGODB_URI is empty (the simplest single-machine deployment). Also the admin CLI:
#   docker run --rm … crm empresa criar --nome … --admin-email …
FROM gcr.io/distroless/static-debian12:nonroot AS crm
COPY --from=build /out/server /usr/local/bin/crm
COPY --from=build /out/probe /usr/local/bin/probe
COPY --from=web /src/mobile/dist /app/web
# distroless has no mkdir: the data directory comes from the build stage, owned by nonroot.
COPY --from=build --chown=65532:65532 /out/data /data
ENV CRM_HTTP_ADDR=0.0.0.0:8080 \
    CRM_GRPC_ADDR=0.0.0.0:9090 \
    CRM_DATA_DIR=/data \
    CRM_WEB_DIR=/app/web
WORKDIR /app
USER nonroot:nonroot
VOLUME /data
EXPOSE 8080 9090
# /readyz turns true after the start-up work (indexes; the demo seed with CRM_DEMO=1).
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 CMD ["/usr/local/bin/probe", "/readyz"]
ENTRYPOINT ["/usr/local/bin/crm"]

# ---- service (default): one service of the split deployment ----
# distroless/static: CA certificates and tzdata (America/Sao_Paulo), no shell; runs as uid 65532.
# The binary is /usr/local/bin/server in every service image (an exec-form ENTRYPOINT cannot
# expand SERVICE); the label says which service it is.
FROM gcr.io/distroless/static-debian12:nonroot AS service
ARG SERVICE
LABEL org.opencontainers.image.title="crm-${SERVICE}"
COPY --from=build /out/server /out/probe /usr/local/bin/
ENV CRM_HTTP_ADDR=0.0.0.0:8080 \
    CRM_GRPC_ADDR=0.0.0.0:9090
USER nonroot:nonroot
# 8080: REST, /healthz, /readyz, /metrics. 9090: gRPC (grpc.health.v1, reflection).
EXPOSE 8080 9090
# /readyz, so that Compose's depends_on "service_healthy" waits until the service can serve.
# Kubernetes ignores HEALTHCHECK and uses the httpGet probes of deploy/k8s.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 CMD ["/usr/local/bin/probe", "/readyz"]
ENTRYPOINT ["/usr/local/bin/server"]
