#!/usr/bin/env bash
# npm test: every check, from a fresh clone. The package is built and packed once; then three
# lanes run side by side, each step logging to tmp/test-logs/<step>.log:
# - the checks: unit tier, lint, format, types, then the integration tier (CPU-bound);
# - the end-to-end suites on n8n 2.x, once Chromium, Redis and PostgreSQL are there;
# - the end-to-end suites on n8n 1.x.
# Each e2e lane is one jest run of that line's project (jest.config.js), whose globalSetup
# installs the line on first use (e2e/runtime.ts) and starts the n8n its suites share; the suites
# mostly wait on n8n, so several run at once. Prints each step's result as it ends, each tier's
# test counts at the end, and exits non-zero when a step failed.
set -uo pipefail
cd "$(dirname "$0")/.."
LOGS=tmp/test-logs
rm -rf "$LOGS" tmp/test-package
mkdir -p "$LOGS" tmp/test-package
JEST=(node_modules/.bin/jest --ci)

# A hang guard, not a speed check: a step still running after AW_STEP_LIMIT_S (45 min) is ended.
LIMIT="${AW_STEP_LIMIT_S:-2700}"
# Ctrl-C, or CI cancelling the job, ends every lane and what it started.
trap 'kill 0' INT TERM

# step NAME COMMAND...: runs it with its output in the log, prints its result, fails when it fails.
step() {
	local name=$1 began=$SECONDS
	shift
	printf '[%4d s] %s started\n' "$SECONDS" "$name"
	if timeout --kill-after=30 "$LIMIT" "$@" >"$LOGS/$name.log" 2>&1; then
		printf '[%4d s] passed %s (%d s)\n' "$SECONDS" "$name" $((SECONDS - began))
	else
		printf '[%4d s] FAILED %s (%d s): tmp/test-logs/%s.log ends\n' "$SECONDS" "$name" $((SECONDS - began)) "$name"
		tail -n 60 "$LOGS/$name.log" | sed 's/^/    /'
		return 1
	fi
}

checks() {
	local failed=0
	step unit env TZ=Asia/Tokyo "${JEST[@]}" --selectProjects unit || failed=1
	step lint npm run -s lint || failed=1
	step format npm run -s format:check || failed=1
	step typecheck npm run -s typecheck || failed=1
	# Run in another time zone than the unit tier, so that local time cannot leak into a result.
	step integration env TZ=America/Los_Angeles "${JEST[@]}" --selectProjects integration --maxWorkers=3 || failed=1
	return $failed
}

step build sh -c 'npm run -s build && npm pack --silent --pack-destination tmp/test-package' || exit 1
AW_PACKAGE_TARBALL="$(ls "$PWD"/tmp/test-package/*.tgz)"
export AW_PACKAGE_TARBALL

checks &
lanes=($!)
{
	step services sh -c 'bash scripts/ensure-chromium.sh && bash scripts/ensure-queue-services.sh' &&
		step 'e2e n8n-2' "${JEST[@]}" --selectProjects 'e2e n8n-2' --maxWorkers=6 --forceExit
} &
lanes+=($!)
step 'e2e n8n-1' "${JEST[@]}" --selectProjects 'e2e n8n-1' --maxWorkers=4 --forceExit &
lanes+=($!)

status=0
for lane in "${lanes[@]}"; do wait "$lane" || status=1; done
for log in unit integration 'e2e n8n-2' 'e2e n8n-1'; do
	printf '%-12s %s\n' "$log" "$(grep -h '^Tests:' "$LOGS/$log.log" 2>/dev/null | tail -n 1)"
done
printf 'npm test %s in %d s\n' "$([ $status = 0 ] && echo passed || echo FAILED)" "$SECONDS"
exit $status
