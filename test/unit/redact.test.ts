/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- dev-only code, never published: it runs on Node.js, outside n8n */
/** Keeping the key out of text and parsed answers, in every spelling a server might echo it in. */
import { mayHoldKey, redact, redactJson } from '../../nodes/shared/transport/redact';

const KEY = 'aw_live/9f8e7d6c/5b4a3210';

test('the key is removed as sent, URL-encoded and JSON-escaped (with / as \\/ too)', () => {
	const forms = [KEY, encodeURIComponent(KEY), KEY.replace(/\//g, '\\/')];
	for (const form of forms)
		expect(redact(`before ${form} after`, KEY)).toBe('before [redacted] after');
});

test('a parsed answer is cleaned at any depth, property names included; escapes are already decoded', () => {
	const answer = JSON.parse(
		`{"data": {"echo": [{"auth": "Bearer \\u0061w_live\\/9f8e7d6c/5b4a3210"}], "${KEY}": 1}}`,
	);
	expect(redactJson(answer, KEY)).toEqual({
		data: { echo: [{ auth: 'Bearer [redacted]' }], '[redacted]': 1 },
	});
	// Deeper than a recursive walk could go: every level is still cleaned.
	const deep: Record<string, unknown> = { value: KEY };
	let node = deep;
	for (let i = 0; i < 20_000; i++) node = node.next = { value: KEY } as Record<string, unknown>;
	redactJson(deep, KEY);
	for (
		let level: Record<string, unknown> | undefined = deep;
		level;
		level = level.next as typeof level
	) {
		expect(level.value).toBe('[redacted]');
	}
});

test('only text that can hold the key is walked', () => {
	expect(mayHoldKey('{"data": {"name": "Revenue"}}', KEY)).toBe(false);
	expect(mayHoldKey(`{"x": "${KEY}"}`, KEY)).toBe(true);
	expect(mayHoldKey(`{"x": "${KEY.replace(/\//g, '\\/')}"}`, KEY)).toBe(true);
	expect(mayHoldKey(`{"x": "aw_live\\/9f8e7d6c/5b4a3210"}`, KEY)).toBe(true);
	expect(mayHoldKey('{"x": "\\u0061"}', KEY)).toBe(true);
	expect(mayHoldKey('{"x": 1}', 'key"with"quotes')).toBe(true);
});

test('keys too short to redact safely are left to the credential check', () => {
	expect(redact('a b c', 'b')).toBe('a b c');
});
