#!/bin/sh
# The part of the official nginx image's entrypoint compose.yaml relies on: the scripts
# /docker-entrypoint.d/*.envsh are sourced (they may export variables), and each
# /etc/nginx/templates/*.template becomes conf.d/<name> with the environment's variables (only
# those: nginx's own $variables stay) substituted.
set -eu
for script in /docker-entrypoint.d/*.envsh; do
  [ -e "$script" ] || continue
  . "$script"
done
defined=$(env | cut -d= -f1 | grep -E '^[A-Za-z_][A-Za-z0-9_]*$' | sed 's/.*/${&}/' | tr '\n' ' ')
for template in /etc/nginx/templates/*.template; do
  [ -e "$template" ] || continue
  envsubst "$defined" <"$template" >"/etc/nginx/conf.d/$(basename "$template" .template)"
done
exec "$@"
