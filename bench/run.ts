/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * npm run bench: benchmarks (not tests), one after another, then BENCHMARKS.md (bench/report.ts).
 *
 * 1. The published package's size (bench/packageSize.ts).
 * 2. The sandbox's own time per page at 1,000, 10,000 and 1,000,000 assets (bench/sandboxPages.ts).
 * 3. A CPU profile of Return All of 10,000 assets at 0 ms, in-process (bench/profileReturnAll.ts),
 *    and the validation of its 100 pages: zod 4 beside the code before it (bench/answerValidation.ts).
 * 4. Return All of 10,000 assets at 0 and 50 ms in a real n8n: this node against the HTTP Request
 *    node + Split Out, the HTTP Request node alone and a raw fetch loop (bench/returnAll.ts); the
 *    same of 1,000 and of 150 assets at 50 ms; this node over 10,000 near-equal names at 50 ms.
 * 5. Return All of 100,000 assets at 0 ms: this node against HTTP Request + Split Out.
 * 6. 1,000 items of Asset: Get at 20 ms, side by side and one at a time (bench/gets.ts).
 * 7. The trigger: a poll over 500 watched jobs at 20 ms (bench/triggerJobs.ts), and polls of Asset
 *    Created or Updated over a folder of 10,000 assets at 50 ms (bench/triggerAssets.ts).
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';

import { runtimeOf } from '../e2e/runtime';
import { answerValidation } from './answerValidation';
import { manyGets } from './gets';
import { log } from './measure';
import { packageSize } from './packageSize';
import { profileReturnAll } from './profileReturnAll';
import { report } from './report';
import {
	GROWTH_ASSETS,
	GROWTH_RUNS,
	RETURN_ALL_ASSETS,
	SMALL_LISTINGS,
	type BenchResults,
} from './results';
import { returnAll } from './returnAll';
import { sandboxPages } from './sandboxPages';
import { assetTriggerPolls } from './triggerAssets';
import { jobsTriggerPoll } from './triggerJobs';

async function main() {
	const startedAt = new Date();
	const loadAtStart = loadavg();
	const pkg = packageSize();
	log('The sandbox: time per page at 1,000, 10,000 and 1,000,000 assets (about a minute)...');
	const pages = await sandboxPages();
	const profile = await profileReturnAll(RETURN_ALL_ASSETS);
	const validation = await answerValidation();
	const tenThousand = { assets: RETURN_ALL_ASSETS, withBaselines: true };
	const at0 = await returnAll({ ...tenThousand, latencyMs: 0 });
	const at50 = await returnAll({ ...tenThousand, latencyMs: 50 });
	const nearEqual = await returnAll({
		assets: RETURN_ALL_ASSETS,
		latencyMs: 50,
		nearEqualNames: true,
	});
	const small: BenchResults['small'] = [];
	for (const assets of SMALL_LISTINGS)
		small.push({ assets, at50: await returnAll({ assets, latencyMs: 50, withBaselines: true }) });
	const growth = await returnAll({
		assets: GROWTH_ASSETS,
		latencyMs: 0,
		runs: GROWTH_RUNS,
		mayFail: true,
	});
	const gets = await manyGets();
	const jobsPoll = await jobsTriggerPoll();
	log('Trigger polls of Asset Created or Updated over a folder of 10,000 assets at 50 ms...');
	const assetPolls = await assetTriggerPolls();
	const results: BenchResults = {
		startedAt,
		durationMs: Date.now() - startedAt.getTime(),
		loadAtStart,
		loadAtEnd: loadavg(),
		cores: cpus().length,
		nodeVersion: process.version,
		n8nLabel: runtimeOf().label,
		sandboxPages: pages,
		at0,
		at50,
		nearEqual,
		small,
		profile,
		validation,
		growth,
		gets,
		jobsPoll,
		assetPolls,
		pkg,
	};
	const doc = report(results);
	writeFileSync(join(__dirname, '..', 'BENCHMARKS.md'), doc);
	process.stdout.write(doc);
}

main().catch((error: unknown) => {
	process.stderr.write(`bench: ${error instanceof Error ? error.stack : String(error)}\n`);
	process.exit(1);
});
