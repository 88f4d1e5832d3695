// The API key, checked the same way by the node and by the credential's test.

/** Shorter keys are refused before any request, so redaction never cuts up ordinary text. */
export const MIN_KEY_LENGTH = 8;

export type ApiKeyCheck =
	| { key: string; message?: undefined }
	| { key?: undefined; message: string };

export function checkApiKey(raw: unknown): ApiKeyCheck {
	const key = String(raw ?? '').trim();
	if (key.length >= MIN_KEY_LENGTH) return { key };
	const length = `${key.length} character${key.length === 1 ? '' : 's'}`;
	return { message: `API Key is ${length} long: an Asset Workspace API key is longer` };
}
