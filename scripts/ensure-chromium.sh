#!/usr/bin/env bash
# Chromium for the screenshot test (`npm run screenshots` drives a real n8n in headless Chromium).
# Uses CHROMIUM_PATH or a Chromium/Chrome already in /usr/bin; otherwise installs Debian's
# `chromium` package (as root, or with sudo).
set -euo pipefail
[ -n "${CHROMIUM_PATH:-}" ] && exit 0
for browser in /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome /usr/bin/google-chrome-stable; do
	[ -x "$browser" ] && exit 0
done
echo "No Chromium found: installing Debian's chromium package for the screenshot test (about a minute)." >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
echo "Installed $(/usr/bin/chromium --version 2>/dev/null || echo chromium)." >&2
