/**
 * A `Retry-After` given as an HTTP date is read on the service's clock (its answer's `Date`), not
 * n8n's: a service 50 minutes ahead that asks to retry at its "now" is retried at once, and one half
 * an hour behind that asks for 2 minutes from its "now" is not retried at once (2 minutes is more
 * than the node waits, so the item fails saying so). Asset > Get in n8n's engine against a small
 * server on loopback. No waits: about 1 s.
 */
import { SEED_IDS } from '../../sandbox/seed';
import { OWNER, call } from '../harness/http';
import { fakeServer, sendJson, type FakeServer } from '../harness/fake-server';
import { runNode } from '../harness/engine';
import { json, rl, useSandbox } from '../harness/fixtures';

const env = useSandbox();
const utc = (ms: number) => new Date(ms).toUTCString();
const getAsset = { resource: 'asset', operation: 'get', assetId: rl(SEED_IDS.revenueForecast) };

/** A service whose clock is `skewMs` off: its first answer is a 429 whose Retry-After is its time plus `afterMs`; then the asset. */
async function service(skewMs: number, afterMs: number): Promise<FakeServer> {
	const asset = (await call(env.sandbox, `/api/public/v1/assets/${SEED_IDS.revenueForecast}`)).json;
	let answered = 0;
	return await fakeServer((_req, res) => {
		const now = Math.floor((Date.now() + skewMs) / 1000) * 1000;
		const date = { Date: utc(now) };
		if (answered++ > 0) return sendJson(res, 200, asset, date);
		const refusal = { error: { code: 'rate_limited', message: 'Slow down.' } };
		sendJson(res, 429, refusal, { ...date, 'Retry-After': utc(now + afterMs) });
	});
}

test('a service 50 minutes ahead asking to retry at its own "now": retried at once, and the item succeeds', async () => {
	const server = await service(3000_000, 0);
	try {
		const result = await runNode({
			credentials: { baseUrl: server.url, apiKey: OWNER },
			parameters: getAsset,
		});
		expect(result.error?.message).toBeUndefined();
		expect(json(result)[0]).toMatchObject({ id: SEED_IDS.revenueForecast });
		expect(server.requests).toHaveLength(2);
	} finally {
		await server.close();
	}
});

test('a service half an hour behind asking for 2 minutes from its "now": not retried at once; the item fails saying it asked to wait 120 s', async () => {
	const server = await service(-1800_000, 120_000);
	try {
		const result = await runNode({
			credentials: { baseUrl: server.url, apiKey: OWNER },
			parameters: getAsset,
		});
		expect(server.requests).toHaveLength(1);
		expect(result.error?.description).toContain(
			'The service asked to wait 120 s before retrying, longer than this node waits.',
		);
	} finally {
		await server.close();
	}
});
