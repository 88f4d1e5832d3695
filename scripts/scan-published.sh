#!/usr/bin/env bash
# After a release: n8n's verification scans the version npm serves (its provenance included),
# so the publish workflow runs the same scanner on the version it has just published.
# The scanner's CLI exits 0 when a package fails its checks, so its verdict is read from what
# it prints. AW_SCAN_TRIES (default 20) bounds the wait for npm to serve the new version.
set -uo pipefail
cd "$(dirname "$0")/.."
spec="$(node -p "const p = require('./package.json'); p.name + '@' + p.version")"
tries="${AW_SCAN_TRIES:-20}"
for try in $(seq 1 "$tries"); do
	npm view "$spec" version >/dev/null 2>&1 && break
	if [ "$try" = "$tries" ]; then
		echo "::error title=Scan after release::npm does not serve $spec after $tries tries"
		exit 1
	fi
	sleep 15
done
output="$(npx --yes @n8n/scan-community-package@latest "$spec" 2>&1)"
status=$?
printf '%s\n' "$output"
if [ "$status" -ne 0 ] || ! grep -q "has passed all security checks" <<<"$output"; then
	echo "::error title=n8n's scanner refused $spec::n8n's verification would refuse this release; see the scanner's output above"
	exit 1
fi
echo "n8n's scanner passes $spec"
