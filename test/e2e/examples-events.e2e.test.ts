/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The trigger's model-version and asset events fire once each in an active workflow
 * (test/e2e/workflows/events.workflow.json), and the example that posts a model's changes when a
 * version is published, in a running n8n (the line's shared one), its triggers polling every
 * 10 s. About 1 to 2 minutes beside the other suites.
 *
 * @n8n-lines n8n-2 n8n-1
 */
import { join } from 'node:path';

import { N8nSession } from '../../e2e/n8n-session';
import { pollEvery, readWorkflow, setPollTimes } from '../../e2e/workflows';
import { SEED_IDS } from '../../sandbox/seed';
import {
	changeAsset,
	newAsset,
	newVersion,
	publishVersion,
	removeAsset,
	sandboxJobs,
	sleep,
} from '../harness/http';
import { example, named, until } from './shared/examples';

describe("trigger events and the example that posts a model's changes (n8n start)", () => {
	let session: N8nSession;
	afterAll(async () => session?.close(), 60_000);
	const REVENUE = SEED_IDS.revenueForecast;
	const MARKETING = SEED_IDS.folders.marketing;

	test(
		'each model-version and asset event fires once; the example posts what changed since the version published before',
		async () => {
			session = await N8nSession.shared({ sandbox: { jobStepMs: 1000 } });
			const sandbox = session.sandbox!;
			const events = readWorkflow(join(__dirname, 'workflows', 'events.workflow.json')) as any;
			const post = example('post-model-changes-when-published');
			// The message goes to the sandbox's Slack Notifier instead of a placeholder, to be read back.
			const placeholder = named(post, 'Post the message (your Slack, Teams or e-mail node)');
			Object.assign(placeholder, {
				...named(events, 'Notify'),
				id: placeholder.id,
				name: placeholder.name,
				position: placeholder.position,
			});
			placeholder.parameters = structuredClone(placeholder.parameters);
			placeholder.parameters.parameters.parameter[0].value = '={{ $json.message }}';
			// Every 10 s instead of every minute: a wait for the next poll is seconds.
			for (const workflow of [events, post]) setPollTimes(workflow, pollEvery(10));
			const workflowIds: string[] = [];
			for (const workflow of [events, post])
				workflowIds.push((await session.createWorkflow(workflow)).id);
			const messages = async () =>
				(await sandboxJobs(sandbox))
					.filter((j) => j.job.assetId === SEED_IDS.slackNotifier)
					.map((j) => String(j.parameters.MESSAGE));
			const asked = () => ({
				versions: sandbox.requests.filter((r) => r.path.endsWith(`/${REVENUE}/model/versions`))
					.length,
				assets: sandbox.requests.filter((r) => r.query.folderId === MARKETING).length,
			});
			/** Until each trigger has polled `more` more times (both Revenue Forecast triggers count). */
			const polls = async (more: number) => {
				const seen = asked();
				await until(
					'the triggers poll',
					async () =>
						asked().versions >= seen.versions + 2 * more && asked().assets >= seen.assets + more,
					150_000 * more,
				);
			};

			for (const id of workflowIds) await session.activate(id);
			await polls(1); // the first polls learn what exists
			expect(await messages()).toEqual([]);

			const v4 = await newVersion(sandbox, REVENUE, { comment: 'Add a filter' });
			const created = await newAsset(sandbox, { name: 'Aardvark feed', folderId: MARKETING });
			await changeAsset(sandbox, SEED_IDS.campaignAttribution);
			await removeAsset(sandbox, SEED_IDS.webAnalytics);
			const changes = [
				'version created 4',
				`asset created ${created.name}`,
				'asset updated Campaign Attribution',
				`asset removed ${SEED_IDS.webAnalytics}`,
			];
			await until(
				'the changes fire',
				async () => {
					const sent = await messages();
					return changes.every((c) => sent.includes(c));
				},
				180_000,
			);
			await publishVersion(sandbox, REVENUE, v4.id);
			const posted =
				`Model ${REVENUE}: version 4 is published (Add a filter). Since version 2: ` +
				'0 tools changed, 2 added, 0 removed; 1 connection added, 0 removed; metadata: 1 field changed.';
			await until(
				'the publish fires',
				async () => (await messages()).includes(posted) && (await messages()).length >= 6,
				180_000,
			);
			await polls(1);
			await sleep(5000);
			expect((await messages()).sort()).toEqual([...changes, 'version published 4', posted].sort());
		},
		30 * 60_000,
	);
});
