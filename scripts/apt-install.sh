#!/usr/bin/env bash
# Installs the Debian packages named after the first argument (what they are, for the
# message), as root or through sudo: the installing step of scripts/ensure-deps.sh and
# scripts/ensure-test-tools.sh, which decide what is missing.
set -euo pipefail
what="$1"
shift
[ $# -eq 0 ] && exit 0

echo "Installing missing $what: $*"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "error: need root (or sudo) to install: $*" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "$@"
