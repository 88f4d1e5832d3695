/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- dev-only code, never published: it runs on Node.js, outside n8n */
/** The public API's routes. */
import type { IncomingMessage } from 'node:http';

import { ApiError } from './errors';
import {
	API_PREFIX,
	integerParam,
	ok,
	pathSegments,
	readBody,
	requireUuid,
	UUID,
	type Reply,
} from './http';
import type { SandboxKey } from './seed';
import { getPublished, getVersion, listVersions } from './versions';
import type { Workspace } from './workspace';

const PARAMETER_NAME = /^[A-Za-z0-9_]+$/;

function parseExecuteBody(req: IncomingMessage, raw: string) {
	const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
	if (type !== 'application/json') {
		throw new ApiError(
			415,
			'unsupported_media_type',
			`Content-Type must be application/json, got '${type || 'none'}'.`,
		);
	}
	let body: unknown;
	try {
		body = JSON.parse(raw);
	} catch {
		throw new ApiError(400, 'invalid_body', 'Request body is not valid JSON.');
	}
	if (typeof body !== 'object' || body === null || Array.isArray(body)) {
		throw new ApiError(400, 'invalid_body', 'Request body must be a JSON object.');
	}
	const { jobSource, parameters = {} } = body as { jobSource?: unknown; parameters?: unknown };
	if (typeof jobSource !== 'string' || jobSource.trim() === '') {
		throw new ApiError(
			400,
			'invalid_body',
			"Field 'jobSource' is required and must be a non-empty string (for example 'API').",
		);
	}
	if (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters)) {
		throw new ApiError(
			400,
			'invalid_body',
			"Field 'parameters' must be an object of names to values.",
		);
	}
	const badName = Object.keys(parameters).find((name) => !PARAMETER_NAME.test(name));
	if (badName !== undefined) {
		throw new ApiError(
			400,
			'invalid_parameter',
			`Parameter name '${badName}' may contain only letters, digits and underscores.`,
		);
	}
	return { jobSource, parameters: parameters as Record<string, unknown> };
}

/** Routes of the public API. Returns null when no route matches. */
export async function publicRoute(
	workspace: Workspace,
	key: SandboxKey,
	method: string,
	path: string,
	query: URLSearchParams,
	req: IncomingMessage,
): Promise<Reply | null> {
	const parts = pathSegments(path.slice(API_PREFIX.length));
	const route = (pattern: string[], allowed: string) => {
		if (parts.length !== pattern.length) return false;
		if (!pattern.every((p, i) => p.startsWith(':') || p === parts[i])) return false;
		if (method !== allowed)
			throw new ApiError(
				405,
				'method_not_allowed',
				`Method ${method} is not allowed on ${path}; use ${allowed}.`,
			);
		return true;
	};

	if (route(['assets'], 'GET')) {
		const limit = integerParam(query, 'limit', 50, 1, 100);
		const offset = integerParam(query, 'offset', 0, 0, Infinity);
		const folderIds = query.getAll('folderId');
		if (folderIds.length > 1 || (folderIds.length === 1 && !UUID.test(folderIds[0]))) {
			throw new ApiError(
				400,
				'invalid_parameter',
				`Query parameter 'folderId' must be a UUID, got '${folderIds.join(',')}'.`,
			);
		}
		const folderId = folderIds[0]?.toLowerCase();
		return { status: 200, body: workspace.listAssets(key, limit, offset, folderId) };
	}
	if (route(['assets', ':assetId'], 'GET')) {
		return ok(
			workspace.publicAsset(workspace.readableAsset(key, requireUuid('assetId', parts[1]))),
		);
	}
	if (route(['assets', ':assetId', 'execute'], 'POST')) {
		const assetId = requireUuid('assetId', parts[1]);
		const { jobSource, parameters } = parseExecuteBody(req, await readBody(req));
		return ok(workspace.jobs.execute(key, assetId, jobSource, parameters), 201);
	}
	if (route(['assets', ':assetId', 'model', 'versions'], 'GET')) {
		return ok(listVersions(workspace, key, requireUuid('assetId', parts[1])));
	}
	if (route(['assets', ':assetId', 'model', 'versions', ':versionId'], 'GET')) {
		return ok(
			getVersion(
				workspace,
				key,
				requireUuid('assetId', parts[1]),
				requireUuid('versionId', parts[4]),
			),
		);
	}
	if (route(['assets', ':assetId', 'model'], 'GET')) {
		return ok(getPublished(workspace, key, requireUuid('assetId', parts[1])));
	}
	if (route(['jobs', ':jobId'], 'GET')) {
		return ok(workspace.jobs.getJob(key, requireUuid('jobId', parts[1])));
	}
	return null;
}
