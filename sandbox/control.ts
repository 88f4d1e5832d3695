/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- dev-only code, never published: it runs on Node.js, outside n8n */
/** Routes under /__sandbox/ (owner key only): jobs, faults, the request log, reset, and changes over time. */
import type { IncomingMessage } from 'node:http';

import { changeAsset, createAsset, createVersion, publishVersion, removeAsset } from './changes';
import { validateFault, type Fault } from './faults';
import { ok, readBody, requireUuid, type Reply } from './http';
import type { SandboxKey } from './seed';
import type { LoggedRequest } from './server';
import { ApiError, JOB_STATUSES, type JobStatus, type Workspace } from './workspace';

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
	const readJson = async () => {
		const raw = await readBody(req);
		try {
			return raw ? (JSON.parse(raw) as unknown) : {};
		} catch {
			throw new ApiError(400, 'invalid_body', 'Request body is not valid JSON.');
		}
	};
	if (path === '/__sandbox/jobs' && method === 'GET')
		return ok({ jobs: sandbox.workspace.listJobs(key) });
	const jobMatch = /^\/__sandbox\/jobs\/([^/]+)$/.exec(path);
	if (jobMatch && method === 'GET')
		return ok(sandbox.workspace.inspectJob(key, requireUuid('jobId', jobMatch[1])));
	if (jobMatch && method === 'POST') {
		const body = (await readJson()) as { status?: unknown; hold?: unknown };
		if (body.status !== undefined && !JOB_STATUSES.includes(body.status as JobStatus)) {
			throw new ApiError(
				400,
				'invalid_body',
				`'status' must be one of ${JOB_STATUSES.join(', ')}.`,
			);
		}
		if (body.hold !== undefined && typeof body.hold !== 'boolean') {
			throw new ApiError(400, 'invalid_body', "'hold' must be a boolean.");
		}
		return ok(
			sandbox.workspace.controlJob(key, requireUuid('jobId', jobMatch[1]), {
				status: body.status as JobStatus | undefined,
				hold: body.hold as boolean | undefined,
			}),
		);
	}
	if (path === '/__sandbox/faults' && method === 'POST') {
		const body = await readJson();
		const faults = (Array.isArray(body) ? body : [body]).map(validateFault);
		sandbox.faults.push(...faults);
		return ok({ faults: sandbox.faults }, 201);
	}
	if (path === '/__sandbox/faults' && method === 'GET') return ok({ faults: sandbox.faults });
	if (path === '/__sandbox/faults' && method === 'DELETE') {
		sandbox.faults.length = 0;
		return ok({ faults: [] });
	}
	if (path === '/__sandbox/requests' && method === 'GET') return ok({ requests: sandbox.requests });
	if (path === '/__sandbox/requests' && method === 'DELETE') {
		sandbox.requests.length = 0;
		return ok({ requests: [] });
	}
	if (path === '/__sandbox/reset' && method === 'POST') {
		sandbox.workspace.reset();
		sandbox.faults.length = 0;
		sandbox.requests.length = 0;
		return ok({ reset: true, assets: sandbox.workspace.assetCount });
	}
	const change = await changeRoute(sandbox.workspace, key, method, path, readJson);
	if (change) return change;
	throw new ApiError(404, 'not_found', `No control endpoint ${method} ${path}.`);
}

/** Changes over time: model versions created and published, assets created, changed, removed. */
async function changeRoute(
	workspace: Workspace,
	key: SandboxKey,
	method: string,
	path: string,
	readJson: () => Promise<unknown>,
): Promise<Reply | undefined> {
	const versions = /^\/__sandbox\/models\/([^/]+)\/versions$/.exec(path);
	if (versions && method === 'POST') {
		const body = (await readJson()) as Parameters<typeof createVersion>[3];
		return ok(createVersion(workspace, key, requireUuid('assetId', versions[1]), body), 201);
	}
	const publish = /^\/__sandbox\/models\/([^/]+)\/versions\/([^/]+)\/publish$/.exec(path);
	if (publish && method === 'POST') {
		const [assetId, versionId] = [
			requireUuid('assetId', publish[1]),
			requireUuid('versionId', publish[2]),
		];
		return ok(publishVersion(workspace, key, assetId, versionId));
	}
	if (path === '/__sandbox/assets' && method === 'POST') {
		const body = (await readJson()) as Parameters<typeof createAsset>[2];
		return ok(createAsset(workspace, key, body), 201);
	}
	const asset = /^\/__sandbox\/assets\/([^/]+)$/.exec(path);
	if (asset && method === 'PATCH') {
		const body = (await readJson()) as Parameters<typeof changeAsset>[3];
		return ok(changeAsset(workspace, key, requireUuid('assetId', asset[1]), body));
	}
	if (asset && method === 'DELETE')
		return ok(removeAsset(workspace, key, requireUuid('assetId', asset[1])));
	return undefined;
}
