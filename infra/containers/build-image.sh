#!/usr/bin/env bash
# `npm run image`: builds the console's image from infra/Containerfile. The build context is
# staged here, not the repository: the built servers (dist/) and client (client/dist/), and the
# production dependencies of the server workspaces installed on this machine with
# `npm ci --omit=dev` (so no registry access, certificate or npm is needed inside the build).
#
#   BASE_IMAGE        image underneath (default docker.io/library/node:24-bookworm-slim)
#   IMAGE             tag of the result (default localhost/odds-console:latest)
#   CONTAINER_ENGINE  podman (default when installed) or docker
#   SKIP_BUILD=1      use dist/ and client/dist/ as they are (already built)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
engine=${CONTAINER_ENGINE:-$(command -v podman >/dev/null 2>&1 && echo podman || echo docker)}
image=${IMAGE:-localhost/odds-console:latest}
base=${BASE_IMAGE:-docker.io/library/node:24-bookworm-slim}
# The workspaces whose code the servers run; the client ships built, the tests not at all.
server_workspaces=(@odds/protocol @odds/ops @odds/upstream @odds/relay)

[ "${SKIP_BUILD:-}" = 1 ] || npm run -s build
for file in dist/relay.js dist/api.js dist/worker.js dist/migrate.js dist/operator.js client/dist/index.html; do
  [ -f "$file" ] || { echo "image: $file is missing (npm run build)" >&2; exit 1; }
done

context=$(mktemp -d /tmp/odds-image.XXXXXX)
trap 'rm -rf "$context"' EXIT
# npm ci needs the lockfile and every workspace's package.json, not their sources.
cp package.json package-lock.json "$context/"
for workspace in $(node -p "require('./package.json').workspaces.join(' ')"); do
  mkdir -p "$context/$workspace" && cp "$workspace/package.json" "$context/$workspace/"
done
started=$(date +%s)
(cd "$context" && npm ci --omit=dev --ignore-scripts --prefer-offline --no-audit --no-fund --loglevel=error "${server_workspaces[@]/#/--workspace=}")
# Our own packages are bundled into dist/: their links in node_modules would point at nothing.
rm -rf "$context/node_modules/@odds"
for workspace in $(node -p "require('./package.json').workspaces.join(' ')"); do rm -rf "${context:?}/${workspace%%/*}"; done
echo "image: production dependencies installed in $(( $(date +%s) - started )) s: $(du -sm "$context/node_modules" | cut -f1) MB"

cp -r dist "$context/dist"
mkdir -p "$context/client" && cp -r client/dist "$context/client/dist"
cp infra/containers/odds infra/containers/healthcheck.mjs "$context/"

format=()
# OCI images have no HEALTHCHECK; no layer cache, so the first stage (the staged files, hundreds
# of MB, different in every build) is not left behind as an untagged image.
[ "$(basename "$engine")" = podman ] && format=(--format docker --layers=false)
started=$(date +%s)
"$engine" build "${format[@]}" --build-arg "BASE_IMAGE=$base" -f infra/Containerfile -t "$image" "$context"
echo "image: $image built on $base in $(( $(date +%s) - started )) s"
