#!/bin/sh
# Writes the compose file's secrets (infra/secrets/, one file each) with fresh random values,
# keeping any file that already exists, so it is safe to run again. Another folder may be given
# (`./make-secrets.sh DIR`; compose.yaml reads SECRETS_DIR). The folder is its owner's
# alone (0700); the files are 0644 because compose mounts each one as it is into containers whose
# servers run as their own users (postgres, rabbitmq, the console's), and compose cannot change a
# file secret's owner or mode.
# The values never pass through an environment variable or a command line of any container: the
# compose file mounts them under /run/secrets and the processes read NAME_FILE (docs/containers.md).
set -eu
dir=${1:-$(dirname "$0")/secrets}
mkdir -p "$dir" && chmod 700 "$dir"
random() { od -An -N24 -tx1 /dev/urandom | tr -d ' \n'; }
write() { # name value
  [ -s "$dir/$1" ] && return 0
  (umask 022 && printf '%s' "$2" >"$dir/$1")
  echo "made $dir/$1"
}
write postgres_password "$(random)"
write rabbitmq_password "$(random)"
write metrics_token "$(random)"
postgres=$(cat "$dir/postgres_password")
rabbitmq=$(cat "$dir/rabbitmq_password")
write database_url "postgres://odds:$postgres@postgres:5432/odds"
write amqp_url "amqp://odds:$rabbitmq@rabbitmq:5672"
# RabbitMQ's own format (conf.d): its first user, for the official image and the Debian stand-in.
write rabbitmq_user.conf "default_user = odds
default_pass = $rabbitmq
"
