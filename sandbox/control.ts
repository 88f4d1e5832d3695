/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/** Routes under /__sandbox/ (owner key only): jobs, faults, the request log, reset, and changes over time. */
import type { IncomingMessage } from 'node:http';

import {
	assetChangeBody,
	check,
	faultBody,
	jobControlBody,
	newAssetBody,
	newVersionBody,
	readJson,
} from './bodies';
import { changeAsset, createAsset, removeAsset } from './changes';
import { ApiError } from './errors';
import type { Fault } from './faults';
import { ok, readBody, requireUuid, type Reply } from './http';
import type { SandboxKey } from './seed';
import type { LoggedRequest } from './requestLog';
import { createVersion, publishVersion } from './versions';
import type { Workspace } from './workspace';

type Body = () => Promise<unknown>;

/** Routes under /__sandbox/ (owner key only). */
export async function controlRoute(
	sandbox: { workspace: Workspace; faults: Fault[]; requests: LoggedRequest[] },
	key: SandboxKey,
	method: string,
	path: string,
	req: IncomingMessage,
): Promise<Reply> {
	if (key.hiddenFolderIds.length > 0) {
		throw new ApiError(403, 'forbidden', 'Control endpoints need the owner key.');
	}
	const { workspace, faults, requests } = sandbox;
	const body: Body = async () => readJson(await readBody(req));
	if (path === '/__sandbox/jobs' && method === 'GET')
		return ok({ jobs: workspace.jobs.listJobs(key) });
	const jobMatch = /^\/__sandbox\/jobs\/([^/]+)$/.exec(path);
	if (jobMatch && method === 'GET')
		return ok(workspace.jobs.inspectJob(key, requireUuid('jobId', jobMatch[1])));
	if (jobMatch && method === 'POST') {
		const jobId = requireUuid('jobId', jobMatch[1]);
		return ok(workspace.jobs.controlJob(key, jobId, check(jobControlBody, await body())));
	}
	if (path === '/__sandbox/faults' && method === 'POST') {
		const sent = await body();
		// Every fault is checked before any is added.
		const added = (Array.isArray(sent) ? sent : [sent]).map((f) => check(faultBody, f));
		faults.push(...added);
		return ok({ faults }, 201);
	}
	if (path === '/__sandbox/faults' && method === 'GET') return ok({ faults });
	if (path === '/__sandbox/faults' && method === 'DELETE') {
		faults.length = 0;
		return ok({ faults: [] });
	}
	if (path === '/__sandbox/requests' && method === 'GET') return ok({ requests });
	if (path === '/__sandbox/requests' && method === 'DELETE') {
		requests.length = 0;
		return ok({ requests: [] });
	}
	if (path === '/__sandbox/reset' && method === 'POST') {
		workspace.reset();
		faults.length = 0;
		requests.length = 0;
		return ok({ reset: true, assets: workspace.assetCount });
	}
	const change = await changeRoute(workspace, key, method, path, body);
	if (change) return change;
	throw new ApiError(404, 'not_found', `No control endpoint ${method} ${path}.`);
}

/** Changes over time: model versions created and published, assets created, changed, removed. */
async function changeRoute(
	workspace: Workspace,
	key: SandboxKey,
	method: string,
	path: string,
	body: Body,
): Promise<Reply | undefined> {
	const versions = /^\/__sandbox\/models\/([^/]+)\/versions$/.exec(path);
	if (versions && method === 'POST') {
		const assetId = requireUuid('assetId', versions[1]);
		return ok(createVersion(workspace, key, assetId, check(newVersionBody, await body())), 201);
	}
	const publish = /^\/__sandbox\/models\/([^/]+)\/versions\/([^/]+)\/publish$/.exec(path);
	if (publish && method === 'POST') {
		const [assetId, versionId] = [
			requireUuid('assetId', publish[1]),
			requireUuid('versionId', publish[2]),
		];
		return ok(publishVersion(workspace, key, assetId, versionId));
	}
	if (path === '/__sandbox/assets' && method === 'POST')
		return ok(createAsset(workspace, key, check(newAssetBody, await body())), 201);
	const asset = /^\/__sandbox\/assets\/([^/]+)$/.exec(path);
	if (asset && method === 'PATCH') {
		const assetId = requireUuid('assetId', asset[1]);
		return ok(changeAsset(workspace, key, assetId, check(assetChangeBody, await body())));
	}
	if (asset && method === 'DELETE')
		return ok(removeAsset(workspace, key, requireUuid('assetId', asset[1])));
	return undefined;
}
