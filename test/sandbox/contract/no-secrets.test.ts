/**
 * The sandbox's contract: no secret, variable value, scripted outcome or API key appears in any
 * public answer (every asset, every model's versions, an execute and its job). Over real HTTP.
 */
import { KEYS, SEEDED_SECRETS, SEED_IDS } from '../../../sandbox/seed';
import { allAssets, api } from '../../harness/http';
import { useSandbox } from '../../harness/sandbox-fixture';

const env = useSandbox({ jobStepMs: 60 });

describe('secrets', () => {
	test('no secret, variable value or scripted outcome appears in any response', async () => {
		const bodies: string[] = [];
		for (const asset of await allAssets(env.sandbox)) {
			bodies.push((await api(env.sandbox, `/assets/${asset.id}`)).text);
			if (asset.type === 'Model') {
				const versions = await api(env.sandbox, `/assets/${asset.id}/model/versions`);
				bodies.push(versions.text, (await api(env.sandbox, `/assets/${asset.id}/model`)).text);
				for (const v of versions.json.data.versions)
					bodies.push((await api(env.sandbox, `/assets/${asset.id}/model/versions/${v.id}`)).text);
			}
		}
		bodies.push((await api(env.sandbox, '/assets?limit=100')).text);
		const job = await api(env.sandbox, `/assets/${SEED_IDS.slackNotifier}/execute`, {
			method: 'POST',
			body: { jobSource: 'API' },
		});
		bodies.push(job.text, (await api(env.sandbox, `/jobs/${job.json.data.jobId}`)).text);
		const all = bodies.join('\n');
		for (const secret of [
			...SEEDED_SECRETS,
			'#data-alerts',
			'outcome',
			'scriptReads',
			'variables',
			'secrets',
			...KEYS.map((k) => k.key),
		]) {
			expect(all).not.toContain(secret);
		}
	});
});
