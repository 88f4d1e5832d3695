// Keeps the API key out of everything the node shows, in every spelling a server may echo it in.
import { MIN_KEY_LENGTH } from './apiKey';

/** Characters encodeURIComponent keeps that stricter URL encoders encode (`plus`: space as +). */
const STRICT = [
	{ encode: /[!'()*]/g, plus: false }, // RFC 3986: Python's quote, PHP's rawurlencode
	{ encode: /[!'()*]/g, plus: true }, // Python's quote_plus
	{ encode: /[!'()~]/g, plus: true }, // forms: Java's URLEncoder
	{ encode: /[!'()*~]/g, plus: true }, // PHP's urlencode
];

const hex = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`;

/** Every spelling of the key that `redact` removes (listed in docs/errors-and-retries.md). */
export function keySpellings(apiKey: string): string[] {
	const escaped = JSON.stringify(apiKey).slice(1, -1);
	const component = encodeURIComponent(apiKey);
	const strict = STRICT.map(({ encode, plus }) => {
		const encoded = component.replace(encode, hex);
		return plus ? encoded.replace(/%20/g, '+') : encoded;
	});
	const encoded = [component, ...strict].flatMap((e) => [e, e.replace(/%2F/g, '/')]);
	const lowerHex = encoded.map((e) => e.replace(/%[0-9A-F]{2}/g, (byte) => byte.toLowerCase()));
	return [...new Set([apiKey, ...encoded, ...lowerHex, escaped, escaped.replace(/\//g, '\\/')])];
}

/** The text without the key; apply before cutting text short, so no prefix of the key survives. */
export function redact(text: string, apiKey: string): string {
	if (apiKey.length < MIN_KEY_LENGTH) return text;
	let clean = text;
	for (const form of keySpellings(apiKey))
		if (clean.includes(form)) clean = clean.split(form).join('[redacted]');
	return clean;
}

// At any depth, with a stack; JSON escapes are decoded here, so every spelling is caught.
export function redactJson(value: unknown, apiKey: string): unknown {
	if (typeof value === 'string') return redact(value, apiKey);
	if (apiKey.length < MIN_KEY_LENGTH || typeof value !== 'object' || value === null) return value;
	const stack: Array<Record<string, unknown>> = [value as Record<string, unknown>];
	while (stack.length > 0) {
		const container = stack.pop()!;
		for (const name of Object.keys(container)) {
			const child = container[name];
			if (typeof child === 'string') container[name] = redact(child, apiKey);
			else if (typeof child === 'object' && child !== null)
				stack.push(child as Record<string, unknown>);
			const cleanName = redact(name, apiKey);
			if (cleanName !== name) {
				container[cleanName] = container[name];
				delete container[name];
			}
		}
	}
	return value;
}

/** The key's longest run that no URL encoding or JSON escape changes (A-Z a-z 0-9 - _ .). */
function unchangedCore(apiKey: string): string {
	const runs = apiKey.match(/[A-Za-z0-9\-_.]+/g) ?? [];
	return runs.reduce((longest, run) => (run.length > longest.length ? run : longest), '');
}

// Whether an answer's JSON `text` may hold the key: every spelling holds its unchanged core, which JSON
// writes as itself or as `\u` escapes, so most answers skip redactJson's walk.
export function mayHoldKey(text: string, apiKey: string): boolean {
	if (apiKey.length < MIN_KEY_LENGTH) return false;
	// A key with characters JSON must escape could hide behind other escapes: always walk.
	if ([...apiKey].some((c) => c === '"' || c === '\\' || c < ' ')) return true;
	const core = unchangedCore(apiKey);
	if (core === '') {
		// Each spelling as JSON writes it (a `\/` spelling's backslash as `\\`), `/` kept or `\/`.
		const written = keySpellings(apiKey).map((form) => JSON.stringify(form).slice(1, -1));
		const forms = written.flatMap((form) => [form, form.replace(/\//g, '\\/')]);
		return text.includes('\\u') || forms.some((form) => text.includes(form));
	}
	return text.includes('\\u') || text.includes(core);
}
