/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- dev-only code, never published: it runs on Node.js, outside n8n */
/** Keeping the key out of text and parsed answers, in every spelling a server might echo it in. */
import { keySpellings, mayHoldKey, redact, redactJson } from '../../../nodes/shared/redact';

const KEY = 'aw_live/9f8e7d6c/5b4a3210';
/** A key with characters that URL-encoding changes. */
const ENCODED_KEY = 'aw_live_AbC+dEf/GhI=';

test('the key is removed as sent, URL-encoded and JSON-escaped (with / as \\/ too)', () => {
	const forms = [KEY, encodeURIComponent(KEY), KEY.replace(/\//g, '\\/')];
	for (const form of forms)
		expect(redact(`before ${form} after`, KEY)).toBe('before [redacted] after');
});

test.each([
	['as sent', ENCODED_KEY],
	['URL-encoded', 'aw_live_AbC%2BdEf%2FGhI%3D'],
	['URL-encoded, lower-case hex', 'aw_live_AbC%2bdEf%2fGhI%3d'],
	['URL-encoded, / kept (Python quote)', 'aw_live_AbC%2BdEf/GhI%3D'],
	['URL-encoded, / kept, lower-case hex', 'aw_live_AbC%2bdEf/GhI%3d'],
	['JSON-escaped, / as \\/', 'aw_live_AbC+dEf\\/GhI='],
])('the fast check looks for every spelling redact removes: %s', (_name, form) => {
	expect(keySpellings(ENCODED_KEY)).toContain(form);
	expect(redact(`access_token=${form}&x=1`, ENCODED_KEY)).toBe('access_token=[redacted]&x=1');
	const answer = JSON.stringify({ data: { echo: `access_token=${form}` } }).replace(
		/\\\\\//g,
		'\\/',
	);
	expect(mayHoldKey(answer, ENCODED_KEY)).toBe(true);
	expect(JSON.stringify(redactJson(JSON.parse(answer), ENCODED_KEY))).not.toContain(form);
});

/** A key with the characters JavaScript's encodeURIComponent keeps and stricter encoders do not. */
const ODD_KEY = "aw_k!'()*~ x";

test.each([
	["Python's quote (RFC 3986)", 'aw_k%21%27%28%29%2A~%20x'],
	["Python's quote_plus", 'aw_k%21%27%28%29%2A~+x'],
	["Java's URLEncoder (an HTML form)", 'aw_k%21%27%28%29*%7E+x'],
	["PHP's urlencode", 'aw_k%21%27%28%29%2A%7E+x'],
	['lower-case hex', 'aw_k%21%27%28%29%2a%7e+x'],
])("a key with !'()*~ echoed percent-encoded as %s is removed and found", (_name, form) => {
	expect(redact(`token=${form}&x=1`, ODD_KEY)).toBe('token=[redacted]&x=1');
	const answer = JSON.stringify({ data: { echo: `token=${form}` } });
	expect(mayHoldKey(answer, ODD_KEY)).toBe(true);
	expect(JSON.stringify(redactJson(JSON.parse(answer), ODD_KEY))).not.toContain(form);
});

test('every spelling redact removes, in any JSON answer, is found by the fast check', () => {
	for (const key of [KEY, ENCODED_KEY, 'aw_sandbox_owner', 'k%ey~with(odd)chars!*', ODD_KEY]) {
		for (const form of keySpellings(key)) {
			const text = JSON.stringify({ data: [{ note: `x ${form} y` }] });
			expect({ key, form, walked: mayHoldKey(text, key) }).toEqual({ key, form, walked: true });
			expect(redact(JSON.stringify(redactJson(JSON.parse(text), key)), key)).not.toContain(form);
		}
	}
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
