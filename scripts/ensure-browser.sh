#!/usr/bin/env bash
# The browser tests and the Lighthouse bench drive Debian's Chromium (/usr/bin/chromium, or
# CHROMIUM_PATH) with Chinese fonts; Playwright's own download cannot reach its CDN here.
# Installs what is missing from Debian's packages (as root, or through sudo); says what to do
# when it cannot.
set -euo pipefail

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi; }

need=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || need+=(chromium)
fc-list 2>/dev/null | grep -qi 'Noto Sans CJK' || need+=(fonts-noto-cjk)
# the sealed documents' tests read and draw their PDFs (pdftotext, pdftoppm)
command -v pdftoppm >/dev/null || need+=(poppler-utils)
[ ${#need[@]} -eq 0 ] && exit 0

echo "installing ${need[*]} (Debian packages) for the browser tests"
if ! command -v apt-get >/dev/null || ! { as_root apt-get update -qq && DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${need[@]}" >/dev/null; }; then
  echo "could not install ${need[*]}: install them (apt-get install ${need[*]}) or set CHROMIUM_PATH to a Chromium" >&2
  exit 1
fi
