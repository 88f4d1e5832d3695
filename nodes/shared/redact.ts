/**
 * Keeping the API key out of everything the node shows: error messages, descriptions and output
 * items, even when a server echoes it back in some escaped spelling.
 */
import { MIN_KEY_LENGTH } from './apiKey';

/** Characters encodeURIComponent keeps that stricter URL encoders encode (and which keep one). */
const STRICT = [
	{ encode: /[!'()*]/g, plus: false }, // RFC 3986: Python's quote, PHP's rawurlencode
	{ encode: /[!'()~]/g, plus: true }, // forms: Java's URLEncoder, Python's quote_plus
	{ encode: /[!'()*~]/g, plus: true }, // PHP's urlencode
];

const hex = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`;

/**
 * Every spelling of the key that `redact` removes: as sent, URL-encoded as JavaScript, RFC 3986
 * or HTML forms encode (upper- and lower-case hex, `/` encoded or kept), and JSON-escaped (also
 * with `/` written as `\/`). `mayHoldKey` looks for each of them.
 */
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

/**
 * Removes the API key, in every spelling of `keySpellings`, from text the node is about to show.
 * Apply it before cutting text short, so no prefix of the key survives.
 */
export function redact(text: string, apiKey: string): string {
	if (apiKey.length < MIN_KEY_LENGTH) return text;
	let clean = text;
	for (const form of keySpellings(apiKey))
		if (clean.includes(form)) clean = clean.split(form).join('[redacted]');
	return clean;
}

/**
 * The key removed from every string and property name of a parsed JSON value, at any depth
 * (walked with a stack, not recursion). JSON escapes are already decoded here, so every spelling
 * of the key is caught and nothing else is touched.
 */
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

/**
 * The key's longest run of characters that no spelling of `keySpellings` changes: every
 * URL-encoding keeps A-Z a-z 0-9 - _ . and JSON escapes none of them.
 */
function unchangedCore(apiKey: string): string {
	const runs = apiKey.match(/[A-Za-z0-9\-_.]+/g) ?? [];
	return runs.reduce((longest, run) => (run.length > longest.length ? run : longest), '');
}

/**
 * Whether decoding JSON `text` can yield, anywhere, a spelling of the key that `redact` removes.
 * Every spelling holds the key's unchanged core, and JSON can write its characters only as
 * themselves or as `\u` escapes: so text with neither (most answers, none of which carry the key)
 * skips the walk of redactJson, after two scans of the text.
 */
export function mayHoldKey(text: string, apiKey: string): boolean {
	if (apiKey.length < MIN_KEY_LENGTH) return false;
	// A key with characters JSON must escape could hide behind other escapes: always walk.
	if ([...apiKey].some((c) => c === '"' || c === '\\' || c < ' ')) return true;
	const core = unchangedCore(apiKey);
	if (core === '') {
		const plain = text.includes('\\/') ? text.replace(/\\\//g, '/') : text;
		return plain.includes('\\u') || keySpellings(apiKey).some((form) => plain.includes(form));
	}
	return text.includes('\\u') || text.includes(core);
}
