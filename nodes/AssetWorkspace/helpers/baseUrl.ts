/**
 * The workspace base URL, normalised the same way everywhere: surrounding spaces and
 * trailing slashes removed, a pasted `/api/public/v1` suffix removed, http(s) only.
 * The credential's test request applies BASE_URL_EXPRESSION, the same steps as an n8n expression.
 */
export const API_PREFIX = '/api/public/v1';

export function normalizeBaseUrl(raw: unknown): string | undefined {
	if (typeof raw !== 'string') return undefined;
	const trimmed = raw
		.trim()
		.replace(/\/+$/, '')
		.replace(/\/api\/public\/v1$/i, '')
		.replace(/\/+$/, '');
	let url: URL;
	try {
		url = new URL(trimmed);
	} catch {
		return undefined;
	}
	if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return undefined;
	return trimmed;
}

/** The same normalisation, as an n8n expression over `$credentials.baseUrl` (used by the credential test). */
export const BASE_URL_EXPRESSION =
	"={{String($credentials.baseUrl ?? '').trim().replace(/\\/+$/, '').replace(/\\/api\\/public\\/v1$/i, '').replace(/\\/+$/, '')}}";
