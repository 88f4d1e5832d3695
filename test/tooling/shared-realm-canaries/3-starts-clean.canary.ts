/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev-only code, never published: it runs on Node.js, outside n8n */
// Starts as if it were the worker's first file.
import { DateTime } from 'luxon';

test('starts clean', () => {
	expect(DateTime.now().isValid).toBe(true); // the spy is gone
	expect(
		(globalThis as Record<symbol, unknown>)[Symbol.for('TEST_TIMEOUT_SYMBOL')],
	).toBeUndefined();
	expect('toBeLeftBehind' in expect(1)).toBe(false);
});
