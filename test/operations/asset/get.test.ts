/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Asset > Get (actions/asset/get.operation.ts) in n8n's engine against the sandbox: the asset as
 * the API answers it, paired with its item, from the list mode or an expression; an id that is no
 * UUID is refused before anything is sent, naming the field and the value.
 */
import { SEED_IDS } from '../../../sandbox/seed';
import { call } from '../../harness/http';
import { MALFORMED_IDS, json, nodeRunner, rl, useSandbox } from '../../harness/fixtures';

const env = useSandbox();
const run = nodeRunner(env);

describe('Asset: Get', () => {
	test('returns the asset as the API answers it, paired with its input item', async () => {
		const result = await run({
			parameters: { resource: 'asset', operation: 'get', assetId: rl(SEED_IDS.nightlyFinance) },
		});
		const direct = await call(env.sandbox, `/api/public/v1/assets/${SEED_IDS.nightlyFinance}`);
		expect(json(result)).toEqual([direct.json.data]);
		expect(result.outputs[0][0].pairedItem).toEqual({ item: 0 });
	});

	test('accepts the id from the list mode and from an expression', async () => {
		const result = await run({
			items: [{ id: SEED_IDS.revenueForecast }, { id: SEED_IDS.stripePayments }],
			parameters: { resource: 'asset', operation: 'get', assetId: rl('={{ $json.id }}', 'list') },
		});
		expect(json(result).map((a: any) => a.name)).toEqual(['Revenue Forecast', 'Stripe Payments']);
		expect(result.outputs[0].map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});
});

describe('validation before any request', () => {
	test.each(MALFORMED_IDS)(
		'asset id %j from an expression is rejected with a message naming the field',
		async (id) => {
			const result = await run({
				items: [{ id }],
				parameters: { resource: 'asset', operation: 'get', assetId: rl('={{ $json.id }}') },
			});
			expect(result.error?.message).toBe(
				`Asset must be a UUID, got '${id}': find the id with Asset > Get Many, Name Contains`,
			);
			expect(env.sandbox.requests).toHaveLength(0);
		},
	);

	test("a typed-in id that is not a UUID is caught by n8n itself with the picker's message", async () => {
		const result = await run({
			parameters: { resource: 'asset', operation: 'get', assetId: rl('../jobs') },
		});
		expect(result.error?.message).toContain("The 'Asset Workspace' node has issues");
		expect(
			String((result.error as any)?.description ?? '') + JSON.stringify(result.error),
		).toContain('Not a valid asset ID (a UUID)');
		expect(env.sandbox.requests).toHaveLength(0);
	});
});
