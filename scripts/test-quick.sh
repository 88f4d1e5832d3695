#!/usr/bin/env bash
# npm run test:quick, the inner loop: the node's in-engine tests (test/node, test/operations,
# test/trigger, test/promises: n8n-core's engine over real HTTP, no n8n and no minute ticks; the
# 1,000-job property tests stay in npm test), the unit tier, lint, format and the type check, side by side.
# The in-engine tests mostly wait (Retry-After, timeouts) and take longest, so they start first
# and the others fill that time. Exits non-zero if any of them failed.
set -u
pids=()
TZ=America/Los_Angeles npx jest test/node test/operations test/trigger test/promises --selectProjects integration --testPathIgnorePatterns /exactly-once-property- & pids+=($!)
npm run -s test:unit & pids+=($!)
npm run -s lint & pids+=($!)
npm run -s format:check & pids+=($!)
npm run -s typecheck & pids+=($!)
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
exit $status
