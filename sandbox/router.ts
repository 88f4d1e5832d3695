/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Which reply a sandbox request gets: 401 without a valid key, else the public API's routes
 * under API_PREFIX, the control routes under /__sandbox/, 404 anywhere else; an ApiError
 * becomes its error reply, any other error a 500.
 */
import type { IncomingMessage } from 'node:http';

import { controlRoute } from './control';
import { ApiError } from './errors';
import type { Fault } from './faults';
import { API_PREFIX, errorReply, MAX_BODY_BYTES, tooLarge, type Reply } from './http';
import type { LoggedRequest } from './requestLog';
import { publicRoute } from './routes';
import type { SandboxKey } from './seed';
import type { Workspace } from './workspace';

/** What the routes read and change: the workspace, the faults to inject and the request log. */
export interface SandboxState {
	workspace: Workspace;
	faults: Fault[];
	requests: LoggedRequest[];
}

export async function routeRequest(
	state: SandboxState,
	req: IncomingMessage,
	request: { key?: SandboxKey; method: string; url: URL; isPublic: boolean },
): Promise<Reply> {
	const { key, method, url, isPublic } = request;
	const path = url.pathname;
	try {
		if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) throw tooLarge();
		if (!key) {
			return errorReply(401, 'unauthorized', 'Missing or invalid bearer token.', {
				'WWW-Authenticate': 'Bearer',
			});
		}
		if (isPublic) {
			return (
				(await publicRoute(state.workspace, key, method, path, url.searchParams, req)) ??
				errorReply(404, 'not_found', `No endpoint ${method} ${path}.`)
			);
		}
		if (path.startsWith('/__sandbox/')) return await controlRoute(state, key, method, path, req);
		return errorReply(
			404,
			'not_found',
			`No endpoint ${method} ${path}. The API lives under ${API_PREFIX}.`,
		);
	} catch (error) {
		if (error instanceof ApiError) return errorReply(error.status, error.code, error.message);
		return errorReply(500, 'internal_error', 'Unexpected error in the sandbox.');
	}
}
