#!/usr/bin/env bash
# Builds the images the container smoke test and CI use where no image registry is reachable,
# from Debian packages only:
#   localhost/debian:bookworm      a minimal Debian made with debootstrap (skipped if present)
#   localhost/odds-node:24         that base with Node.js 24 (the console image's BASE_IMAGE)
#   localhost/odds-postgres:15, localhost/odds-redis:7, localhost/odds-rabbitmq:3, localhost/odds-nginx:1
#                                  stand-ins for the official images compose.yaml names by default
# Usage: build.sh <path of a Node.js 24 binary>. Needs root, podman (and runc) and debootstrap;
# CONTAINERS_CONF as containers.sh writes it on machines whose shell cannot raise its limits.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
node_bin=${1:?usage: build.sh <node 24 binary>}
base=localhost/debian:bookworm

if ! podman image exists "$base"; then
  # The host's mirrors (a CI machine may have a closer one than deb.debian.org).
  mirror=$(awk '/^URIs:/ {print $2}' /etc/apt/sources.list.d/debian.sources 2>/dev/null | sed -n 1p)
  security=$(awk '/^URIs:/ {print $2}' /etc/apt/sources.list.d/debian.sources 2>/dev/null | sed -n 2p)
  mirror=${mirror:-http://deb.debian.org/debian}
  rootfs=$(mktemp -d /tmp/odds-rootfs.XXXXXX)
  started=$(date +%s)
  debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$rootfs.log" 2>&1 \
    || { tail -n 20 "$rootfs.log" >&2; rm -rf "$rootfs" "$rootfs.log"; exit 1; }
  # Point releases and security updates too, as on the host.
  printf 'deb %s bookworm main\ndeb %s bookworm-updates main\ndeb %s bookworm-security main\n' \
    "$mirror" "$mirror" "${security:-http://deb.debian.org/debian-security}" >"$rootfs/etc/apt/sources.list"
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  tar -C "$rootfs" -c . | podman import --quiet - "$base" >/dev/null
  rm -rf "$rootfs" "$rootfs.log"
  echo "images: $base made with debootstrap in $(( $(date +%s) - started )) s"
fi

context=$(mktemp -d /tmp/odds-images.XXXXXX)
trap 'rm -rf "$context"' EXIT
cp "$here"/services.Containerfile "$here"/*-entrypoint.sh "$context"/
cp "$node_bin" "$context/node"

build() { # target tag
  local started; started=$(date +%s)
  podman build --quiet --layers -f "$context/services.Containerfile" --target "$1" -t "$2" "$context" >"$context/$1.log" 2>&1 \
    || { echo "images: building $2 failed:" >&2; tail -n 30 "$context/$1.log" >&2; return 1; }
  echo "images: $2 built in $(( $(date +%s) - started )) s"
}
# Two at a time: apt downloads overlap the other build's unpacking on a two-core machine.
pids=()
build node localhost/odds-node:24 & pids+=($!)
build postgres localhost/odds-postgres:15 & pids+=($!)
for pid in "${pids[@]}"; do wait "$pid"; done
pids=()
build rabbitmq localhost/odds-rabbitmq:3 & pids+=($!)
build redis localhost/odds-redis:7 & pids+=($!)
for pid in "${pids[@]}"; do wait "$pid"; done
build nginx localhost/odds-nginx:1
