// The workspace base URL, checked and normalised the same way everywhere (the rules: README.md,
// "Credentials"); the credential test applies the same normalisation as an n8n expression.
export const API_PREFIX = '/api/public/v1';

const LOOPBACK = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/i;

/** A usable base URL, or what is wrong with it (`message`: as an error shows it). */
export type BaseUrlCheck =
	| { url: string; problem?: undefined; message?: undefined }
	| { url?: undefined; problem: string; message: string };

/** `allowHttp`: the credential's "Allow Plain HTTP to Any Host" (on only when exactly true). */
export function checkBaseUrl(raw: unknown, allowHttp?: unknown): BaseUrlCheck {
	const problem = normalise(raw, allowHttp === true);
	if (typeof problem === 'string')
		return { problem, message: `Base URL ${problem}, got ${describeBaseUrl(raw)}` };
	return problem;
}

function normalise(raw: unknown, allowHttp: boolean): { url: string } | string {
	if (typeof raw !== 'string' || raw.trim() === '') return 'is empty';
	const trimmed = raw
		.trim()
		.replace(/\/+$/, '')
		.replace(/\/api\/public\/v1$/i, '')
		.replace(/\/+$/, '');
	let url: URL;
	try {
		url = new URL(trimmed);
	} catch {
		return 'is not a URL';
	}
	if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname)
		return 'must start with https://';
	if (url.username || url.password || /^[a-z]+:\/\/[^/]*@/i.test(trimmed)) {
		return 'must not contain a user name or password (user:password@): the API key is the only credential';
	}
	if (trimmed.includes('?') || trimmed.includes('#'))
		return 'must not contain a query (?...) or a fragment (#...)';
	if (url.protocol === 'http:' && !allowHttp && !LOOPBACK.test(url.hostname)) {
		return 'must use https: plain http would send the API key unencrypted (http is allowed only for localhost and 127.x.x.x; for another host, turn on Allow Plain HTTP to Any Host in the credential)';
	}
	return { url: trimmed };
}

// As an error may show it: scheme, host and path, never a user, password, query or fragment.
function describeBaseUrl(raw: unknown): string {
	const text = typeof raw === 'string' ? raw.trim() : '';
	try {
		const url = new URL(text);
		return `'${url.protocol}//${url.host}${url.pathname === '/' ? '' : url.pathname}'`;
	} catch {
		return text.length > 0 && text.length <= 80 && !/[@?#]/.test(text)
			? `'${text}'`
			: `a value of ${text.length} characters`;
	}
}

export const BASE_URL_EXPRESSION =
	"={{String($credentials.baseUrl ?? '').trim().replace(/\\/+$/, '').replace(/\\/api\\/public\\/v1$/i, '').replace(/\\/+$/, '')}}";
