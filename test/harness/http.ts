/* eslint-disable @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/** Small HTTP helpers for talking to a sandbox from tests (real HTTP over loopback). */
import type { Sandbox } from '../../sandbox/server';
import { freshRequest } from './fresh-http';

export const OWNER = 'aw_sandbox_owner';
export const VIEWER = 'aw_sandbox_viewer';

export interface CallOptions {
	key?: string | null;
	method?: string;
	body?: unknown;
	rawBody?: string;
	headers?: Record<string, string>;
}

export async function call(sandbox: Sandbox, path: string, options: CallOptions = {}) {
	const headers: Record<string, string> = { ...options.headers };
	const key = options.key === undefined ? OWNER : options.key;
	if (key !== null) headers.authorization = `Bearer ${key}`;
	let body: string | undefined = options.rawBody;
	if (options.body !== undefined) {
		body = JSON.stringify(options.body);
		headers['content-type'] ??= 'application/json';
	}
	// A connection of its own: an idle kept-alive one races the server closing it (fresh-http.ts).
	const response = await freshRequest(`${sandbox.url}${path}`, {
		method: options.method ?? 'GET',
		headers,
		body,
	});
	const text = response.text;
	let json: any;
	try {
		json = text ? JSON.parse(text) : undefined;
	} catch {
		json = undefined;
	}
	return { status: response.status, headers: response.headers, text, json };
}

/** Calls a public API path (prefix added). */
export const api = (sandbox: Sandbox, path: string, options: CallOptions = {}) =>
	call(sandbox, `/api/public/v1${path}`, options);

/** Lists every asset visible to a key with the largest page size. */
export async function allAssets(sandbox: Sandbox, key = OWNER): Promise<any[]> {
	const assets: any[] = [];
	for (let offset = 0; ; offset += 100) {
		const page = await api(sandbox, `/assets?limit=100&offset=${offset}`, { key });
		assets.push(...page.json.data);
		if (!page.json.meta.hasMore) return assets;
	}
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls a job through the public API until it is terminal; fails after `timeoutMs`, far above
 * what a loaded machine needs for the sandbox's job steps.
 */
export async function waitForJob(
	sandbox: Sandbox,
	jobId: string,
	key = OWNER,
	timeoutMs = 120_000,
) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const job = (await api(sandbox, `/jobs/${jobId}`, { key })).json.data;
		if (['success', 'warning', 'failed'].includes(job.status)) return job;
		if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.status}`);
		await sleep(20);
	}
}

/** Starts a run of an asset through the public API (`jobSource: "API"`); returns the queued job. */
export async function startJob(sandbox: Sandbox, assetId: string, key = OWNER) {
	return (
		await api(sandbox, `/assets/${assetId}/execute`, {
			method: 'POST',
			key,
			body: { jobSource: 'API' },
		})
	).json.data;
}

/** Sandbox control: every job the owner key can read, with the parameters it was started with. */
export const sandboxJobs = async (sandbox: Sandbox) =>
	(await call(sandbox, '/__sandbox/jobs')).json.data.jobs as Array<{
		job: any;
		parameters: Record<string, unknown>;
		held: boolean;
	}>;

/** Sandbox control: force a job's status and/or hold it where it is (owner key). */
export const controlJob = (
	sandbox: Sandbox,
	jobId: string,
	change: { status?: string; hold?: boolean },
) => call(sandbox, `/__sandbox/jobs/${jobId}`, { method: 'POST', body: change });

/** Sandbox control: a new version of a model (a copy of its newest with one tool added). */
export const newVersion = async (
	sandbox: Sandbox,
	assetId: string,
	change: { comment?: string; publish?: boolean; nodes?: object[]; edges?: object[] } = {},
) =>
	(await call(sandbox, `/__sandbox/models/${assetId}/versions`, { method: 'POST', body: change }))
		.json.data;

/** Sandbox control: makes a version the published one. */
export const publishVersion = async (sandbox: Sandbox, assetId: string, versionId: string) =>
	(
		await call(sandbox, `/__sandbox/models/${assetId}/versions/${versionId}/publish`, {
			method: 'POST',
		})
	).json.data;

/** Sandbox control: creates, changes (which moves updatedAt) or removes an asset. */
export const newAsset = async (
	sandbox: Sandbox,
	asset: { name?: string; folderId?: string; type?: string },
) => (await call(sandbox, '/__sandbox/assets', { method: 'POST', body: asset })).json.data;
export const changeAsset = async (sandbox: Sandbox, assetId: string, change: object = {}) =>
	(await call(sandbox, `/__sandbox/assets/${assetId}`, { method: 'PATCH', body: change })).json
		.data;
export const removeAsset = async (sandbox: Sandbox, assetId: string) =>
	(await call(sandbox, `/__sandbox/assets/${assetId}`, { method: 'DELETE' })).json.data;
