#!/usr/bin/env bash
# The cluster test (npm run test:cluster) puts Debian's nginx in front of two server instances,
# as deploy/nginx.conf.example says. Installs the package when the binary is missing (as root,
# or through sudo); the test itself runs nginx unprivileged, in a folder of its own, so the
# package's system service is never needed (nor started here: see below). NGINX names another binary.
set -euo pipefail

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi; }

nginx_bin="${NGINX:-}"
[ -z "$nginx_bin" ] && nginx_bin="$(command -v nginx || true)"
[ -z "$nginx_bin" ] && [ -x /usr/sbin/nginx ] && nginx_bin=/usr/sbin/nginx
[ -n "$nginx_bin" ] && [ -x "$nginx_bin" ] && exit 0

echo "installing nginx (Debian package) for the cluster test"
# policy: the package's postinst would start the system service on port 80; the test runs its
# own nginx, so the service is left stopped (RUNLEVEL=1 makes invoke-rc.d skip the start)
if ! command -v apt-get >/dev/null || ! { as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive RUNLEVEL=1 apt-get install -y -qq --no-install-recommends nginx >/dev/null; }; then
  echo "could not install nginx: install it (apt-get install nginx) or set NGINX to an nginx binary" >&2
  exit 1
fi
