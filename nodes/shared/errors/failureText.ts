// What went wrong with a request, in words for its error message.
import { errorBodySchema, parseAnswer } from '../schemas';
import { networkWords, SSRF_REFUSED, type FailureDetail } from './requestErrors';
import { redact, redactJson } from '../redact';

/** The server's error object, an HTML title or the text's start; the key removed before cutting. */
export function describeBody(
	raw: string,
	apiKey: string,
): { code?: string; message?: string; summary: string } {
	if (raw.trim() === '') return { summary: 'an empty body' };
	const start = (text: string) => (text.length > 120 ? `${text.slice(0, 120)}...` : text);
	let json: unknown;
	try {
		json = redactJson(JSON.parse(raw), apiKey);
	} catch {
		const text = redact(raw, apiKey);
		const title = /<title>([^<]*)<\/title>/i.exec(text)?.[1];
		if (title || /^\s*</.test(text)) {
			return { summary: `an HTML page${title ? ` ("${start(title.trim())}")` : ''}, not JSON` };
		}
		return { summary: `a body that is not JSON: ${start(text)}` };
	}
	const parsed = parseAnswer(errorBodySchema, json);
	if (parsed.success) {
		const { code, message } = parsed.data.error;
		return { code, message, summary: `${code}: ${message}` };
	}
	return { summary: `JSON without an error object: ${start(JSON.stringify(json))}` };
}

/** Where a redirect points, as an error message may show it: scheme, host and path only. */
export function describeLocation(location: string | string[] | undefined, from: string): string {
	const value = Array.isArray(location) ? location[0] : location;
	if (!value) return '';
	try {
		const url = new URL(value, from);
		return ` to ${url.protocol}//${url.host}${url.pathname}`;
	} catch {
		return '';
	}
}

export function noAnswerCause(outcome: { error: unknown; timedOut: boolean }, timeoutMs: number) {
	if (outcome.timedOut) return `no complete answer within ${Math.round(timeoutMs / 100) / 10} s`;
	return (outcome.error as Error)?.message ?? String(outcome.error);
}

export interface StoppedAttempt {
	method: string;
	baseUrl: string;
	apiKey: string;
	attempts: number;
	reason: 'final' | 'attempts' | 'retryAfterTooLong' | 'noTime';
	retryAfterMs?: number;
	noAnswer?: { code?: string; cause: string };
	answer?: { status: number; location?: string | string[]; text: string };
}

/** The failure of a request whose last attempt the retry decision did not repeat. */
export function stoppedAttempt(stop: StoppedAttempt): FailureDetail {
	if (stop.noAnswer) return unanswered(stop, stop.noAnswer);
	const { status, location, text } = stop.answer!;
	if (status >= 300 && status < 400) {
		return {
			status,
			message: `answered ${status} with a redirect${describeLocation(location, stop.baseUrl)}, which this node does not follow`,
			hint: 'Redirects are not followed, so the API key goes nowhere but the base URL. Set the Base URL in the credential to the address the service redirects to (for example https:// instead of http://).',
			next: 'Set the Base URL to the address it points to.',
			attempts: stop.attempts,
		};
	}
	const body = describeBody(text, stop.apiKey);
	const tooLong = stop.reason === 'retryAfterTooLong';
	const mayHaveRun = stop.method !== 'GET' && status >= 500 && !tooLong;
	const hint = tooLong
		? waitTooLong(stop.retryAfterMs!)
		: mayHaveRun
			? "The service (or a gateway in front of it) failed after the request reached it, so it was not sent again. A job may have been queued: check the asset's jobs before running it again."
			: noTimeLeft(stop) || undefined;
	return {
		status,
		code: body.code,
		message: body.message ?? `HTTP ${status} with ${body.summary}`,
		hint,
		attempts: stop.attempts,
		retryAfterMs: stop.retryAfterMs,
	};
}

const noTimeLeft = (stop: StoppedAttempt) =>
	stop.reason === 'noTime' ? 'No time was left before the deadline to try again.' : '';

/** A request that got no answer; one that is not a GET may still have reached the service. */
function unanswered(
	stop: StoppedAttempt,
	noAnswer: { code?: string; cause: string },
): FailureDetail {
	if (noAnswer.code === SSRF_REFUSED) return refusedByN8n(stop);
	const idempotent = stop.method === 'GET';
	const reached = idempotent
		? ''
		: '; the request may have reached the service, so it was not sent again';
	const advice = idempotent
		? 'Check the base URL and that the service is reachable.'
		: "A job may have been queued: check the asset's jobs before running it again.";
	const noTime = noTimeLeft(stop);
	return {
		code: networkWords(noAnswer.code),
		message: `no answer from ${stop.baseUrl}${reached}`,
		hint: `${advice} Cause: ${noAnswer.cause}.${noTime ? ` ${noTime}` : ''}`,
		next: idempotent
			? 'Check the base URL and that the service is up.'
			: 'Check for the job before running it again.',
		attempts: stop.attempts,
	};
}

/** n8n's SSRF protection refused the address: the setting that allows it, where n8n runs (a name
 * is allowed by name; an address written as one, only by its range). */
function refusedByN8n(stop: StoppedAttempt): FailureDetail {
	const host = new URL(stop.baseUrl).hostname.replace(/^\[|\]$/g, '');
	const literal = /^[\d.]+$|:/.test(host);
	const setting = literal
		? `N8N_SSRF_ALLOWED_IP_RANGES=${host}/${host.includes(':') ? 128 : 32}`
		: `N8N_SSRF_ALLOWED_HOSTNAMES=${host}`;
	return {
		code: networkWords(SSRF_REFUSED),
		message: `n8n did not send the request to ${stop.baseUrl}: its SSRF protection blocks that address`,
		hint: `Nothing was sent: n8n runs with N8N_SSRF_PROTECTION_ENABLED=true. Set ${setting} where n8n runs (names go in N8N_SSRF_ALLOWED_HOSTNAMES, CIDR ranges in N8N_SSRF_ALLOWED_IP_RANGES), then restart it.`,
		next: `Allow it with ${setting} where n8n runs.`,
		attempts: stop.attempts,
	};
}

const waitTooLong = (ms: number) =>
	`The service asked to wait ${Math.ceil(ms / 1000)} s before retrying, longer than this node waits.`;

/** A 429 the rate gate ended (kept refusing, shut past the deadline or too long): not sent. */
export function rateLimited(attempts: number, reopensInMs: number, tooLong = false): FailureDetail {
	if (tooLong) {
		const message = `rate limited: the service asked to wait ${Math.ceil(reopensInMs / 1000)} s more`;
		return {
			status: 429,
			message,
			hint: `${waitTooLong(reopensInMs)} This request was not sent.`,
			attempts,
			retryAfterMs: reopensInMs,
		};
	}
	const message =
		reopensInMs > 0
			? `rate limited: the service asked to wait ${Math.ceil(reopensInMs / 1000)} s more, past this request's deadline`
			: "rate limited: the service kept answering 429 to this node's requests";
	return { status: 429, message, attempts, retryAfterMs: reopensInMs };
}
