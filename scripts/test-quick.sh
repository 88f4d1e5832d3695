#!/usr/bin/env bash
# npm run test:quick, the inner loop: the unit tier first, then lint, format, the type check and
# the node's in-engine tests (test/node, test/trigger, test/reliability: n8n-core's engine over
# real HTTP, no n8n and no minute ticks; the 1,000-job property tests stay in npm test) side by
# side. The in-engine tests mostly wait (Retry-After, timeouts), so the checks fill that time.
set -u
npm run -s test:unit || exit 1
pids=()
npm run -s lint & pids+=($!)
npm run -s format:check & pids+=($!)
npm run -s typecheck & pids+=($!)
npx jest test/node test/trigger test/reliability --testPathIgnorePatterns /property- & pids+=($!)
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
exit $status
