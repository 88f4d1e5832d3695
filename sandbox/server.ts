/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The sandbox: a local HTTP server that implements the Asset Workspace public API v1, picking
 * one concrete behaviour wherever the contract leaves a point open (docs/sandbox.md lists each
 * choice), plus control endpoints under /__sandbox/ for tests and demos.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

import type { SandboxKey } from './seed';
import { ApiError, JOB_STATUSES, Workspace, type JobStatus } from './workspace';

export const API_PREFIX = '/api/public/v1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PARAMETER_NAME = /^[A-Za-z0-9_]+$/;

export const FAULT_KINDS = [
	'status',
	'reset',
	'hang',
	'slow-body',
	'html',
	'malformed-json',
	'empty-body',
	'wrong-shape',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface Fault {
	match: string;
	method?: string;
	times: number;
	fault: FaultKind;
	status?: number;
	retryAfterSeconds?: number;
	delayMs?: number;
	/** Echo the request's headers (Authorization included), as careless servers do: into the error message of
	 * `status` and `html` faults, into `data.echo` of a `slow-body` answer. */
	echoRequest?: boolean;
}

export interface LoggedRequest {
	method: string;
	path: string;
	query: Record<string, string | string[]>;
	status: number | null;
	fault: FaultKind | null;
	time: string;
	durationMs: number;
}

export interface SandboxOptions {
	port?: number;
	host?: string;
	jobStepMs?: number;
	latencyMs?: number;
	assets?: number;
}

export interface Sandbox {
	url: string;
	port: number;
	workspace: Workspace;
	requests: LoggedRequest[];
	close(): Promise<void>;
}

interface Reply {
	status: number;
	body: unknown;
	headers?: Record<string, string>;
}

const ok = (data: unknown, status = 200): Reply => ({ status, body: { data } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function errorReply(
	status: number,
	code: string,
	message: string,
	headers?: Record<string, string>,
): Reply {
	return { status, body: { error: { code, message } }, headers };
}

function requireUuid(name: string, value: string) {
	if (!UUID.test(value)) {
		throw new ApiError(
			400,
			'invalid_parameter',
			`Path parameter '${name}' must be a UUID, got '${value}'.`,
		);
	}
	return value.toLowerCase();
}

/** Strict integer query parameter: digits only, within bounds, given at most once. */
function integerParam(
	query: URLSearchParams,
	name: string,
	fallback: number,
	min: number,
	max: number,
): number {
	const values = query.getAll(name);
	if (values.length === 0) return fallback;
	const bounds = max === Infinity ? `>= ${min}` : `between ${min} and ${max}`;
	const invalid = () =>
		new ApiError(
			400,
			'invalid_parameter',
			`Query parameter '${name}' must be an integer ${bounds}, got '${values.join(',')}'.`,
		);
	if (values.length > 1 || !/^\d+$/.test(values[0])) throw invalid();
	const value = Number(values[0]);
	if (!Number.isSafeInteger(value) || value < min || value > max) throw invalid();
	return value;
}

/** The largest request body the sandbox reads; a bigger one is answered 413 and the connection closed. */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;
/** How many public API requests the request log keeps (the oldest are dropped first). */
export const REQUEST_LOG_LIMIT = 10_000;

const tooLarge = () =>
	new ApiError(413, 'payload_too_large', `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`);

async function readBody(req: IncomingMessage): Promise<string> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of req) {
		size += (chunk as Buffer).length;
		if (size > MAX_BODY_BYTES) throw tooLarge();
		chunks.push(chunk as Buffer);
	}
	return Buffer.concat(chunks).toString('utf8');
}

/** Path segments, decoded; a malformed percent-encoding is the client's error (400). */
function pathSegments(path: string): string[] {
	try {
		return path.split('/').filter(Boolean).map(decodeURIComponent);
	} catch {
		throw new ApiError(400, 'invalid_parameter', 'The path is not valid percent-encoding.');
	}
}

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

function bearer(req: IncomingMessage): string | undefined {
	const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
	return match?.[1];
}

/** Routes of the public API. Returns null when no route matches. */
async function publicRoute(
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
		return ok(workspace.execute(key, assetId, jobSource, parameters), 201);
	}
	if (route(['assets', ':assetId', 'model', 'versions'], 'GET')) {
		return ok(workspace.listVersions(key, requireUuid('assetId', parts[1])));
	}
	if (route(['assets', ':assetId', 'model', 'versions', ':versionId'], 'GET')) {
		return ok(
			workspace.getVersion(
				key,
				requireUuid('assetId', parts[1]),
				requireUuid('versionId', parts[4]),
			),
		);
	}
	if (route(['assets', ':assetId', 'model'], 'GET')) {
		return ok(workspace.getPublished(key, requireUuid('assetId', parts[1])));
	}
	if (route(['jobs', ':jobId'], 'GET')) {
		return ok(workspace.getJob(key, requireUuid('jobId', parts[1])));
	}
	return null;
}

function validateFault(input: unknown): Fault {
	const f = (input ?? {}) as Partial<Fault>;
	if (typeof f.match !== 'string' || !f.match.startsWith('/')) {
		throw new ApiError(
			400,
			'invalid_body',
			"Fault 'match' must be a path prefix starting with '/'.",
		);
	}
	if (!FAULT_KINDS.includes(f.fault as FaultKind)) {
		throw new ApiError(
			400,
			'invalid_body',
			`Fault 'fault' must be one of ${FAULT_KINDS.join(', ')}.`,
		);
	}
	if (!Number.isInteger(f.times) || (f.times as number) < 1) {
		throw new ApiError(400, 'invalid_body', "Fault 'times' must be a positive integer.");
	}
	if (
		f.fault === 'status' &&
		(!Number.isInteger(f.status) || (f.status as number) < 400 || (f.status as number) > 599)
	) {
		throw new ApiError(400, 'invalid_body', "A 'status' fault needs 'status' between 400 and 599.");
	}
	return { ...f, method: f.method?.toUpperCase() } as Fault;
}

/** Routes under /__sandbox/ (owner key only). */
async function controlRoute(
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
	throw new ApiError(404, 'not_found', `No control endpoint ${method} ${path}.`);
}

function send(res: ServerResponse, reply: Reply) {
	const text = JSON.stringify(reply.body);
	res.writeHead(reply.status, {
		'Content-Type': 'application/json; charset=utf-8',
		'Content-Length': Buffer.byteLength(text),
		...reply.headers,
	});
	res.end(text);
}

/** Applies a fault to a request. Faults that model a lost or garbled answer run after the request was handled. */
async function answerWithFault(
	res: ServerResponse,
	fault: Fault,
	reply: () => Promise<Reply>,
	req: IncomingMessage,
) {
	if (fault.delayMs && fault.fault !== 'slow-body') await sleep(fault.delayMs);
	const echo = fault.echoRequest ? ` Request headers: ${JSON.stringify(req.headers)}` : '';
	switch (fault.fault) {
		case 'status': {
			const headers: Record<string, string> = {};
			if (fault.retryAfterSeconds !== undefined)
				headers['Retry-After'] = String(fault.retryAfterSeconds);
			const code =
				fault.status === 429
					? 'rate_limited'
					: fault.status! >= 500
						? 'internal_error'
						: 'injected_fault';
			send(
				res,
				errorReply(fault.status!, code, `Injected fault: status ${fault.status}.${echo}`, headers),
			);
			return fault.status!;
		}
		case 'html': {
			const status = fault.status ?? 502;
			const page = `<!DOCTYPE html><html><head><title>${status} Bad Gateway</title></head><body><h1>${status} Bad Gateway</h1><p>The upstream server did not answer.${echo}</p></body></html>`;
			res.writeHead(status, {
				'Content-Type': 'text/html; charset=utf-8',
				'Content-Length': Buffer.byteLength(page),
			});
			res.end(page);
			return status;
		}
		default:
			break;
	}
	const real = await reply();
	switch (fault.fault) {
		case 'reset':
			req.socket.destroy();
			return null;
		case 'hang':
			return null;
		case 'slow-body': {
			const body = real.body as { data?: unknown };
			if (
				fault.echoRequest &&
				body.data &&
				typeof body.data === 'object' &&
				!Array.isArray(body.data)
			) {
				(body.data as Record<string, unknown>).echo = req.headers;
			}
			const text = JSON.stringify(body);
			res.writeHead(real.status, {
				'Content-Type': 'application/json; charset=utf-8',
				'Content-Length': Buffer.byteLength(text),
				...real.headers,
			});
			const pieces = 10;
			const size = Math.ceil(text.length / pieces);
			for (let i = 0; i < pieces && !res.destroyed; i++) {
				res.write(text.slice(i * size, (i + 1) * size));
				await sleep((fault.delayMs ?? 2000) / pieces);
			}
			res.end();
			return real.status;
		}
		case 'malformed-json': {
			const text = JSON.stringify(real.body).slice(0, 25);
			res.writeHead(fault.status ?? real.status, {
				'Content-Type': 'application/json',
				'Content-Length': Buffer.byteLength(text),
			});
			res.end(text);
			return fault.status ?? real.status;
		}
		case 'empty-body':
			res.writeHead(fault.status ?? real.status, {
				'Content-Type': 'application/json',
				'Content-Length': 0,
			});
			res.end();
			return fault.status ?? real.status;
		case 'wrong-shape': {
			const data = (real.body as { data?: unknown }).data;
			send(res, {
				status: fault.status ?? real.status,
				body: { data: Array.isArray(data) ? { items: data } : [{ unexpected: true }] },
			});
			return fault.status ?? real.status;
		}
		default:
			throw new Error(`unknown fault ${String(fault.fault)}`);
	}
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const latencyMs = options.latencyMs ?? 0;
	const workspace = new Workspace({
		jobStepMs: options.jobStepMs ?? 1000,
		generated: options.assets ?? 0,
	});
	const faults: Fault[] = [];
	const requests: LoggedRequest[] = [];
	const sockets = new Set<Socket>();
	const state = { workspace, faults, requests };

	const takeFault = (method: string, path: string): Fault | undefined => {
		const index = faults.findIndex(
			(f) => path.startsWith(f.match) && (!f.method || f.method === method),
		);
		if (index < 0) return undefined;
		const fault = faults[index];
		if (--fault.times <= 0) faults.splice(index, 1);
		return { ...fault };
	};

	const handle = async (req: IncomingMessage, res: ServerResponse) => {
		const started = Date.now();
		const url = new URL(req.url ?? '/', 'http://sandbox');
		const method = (req.method ?? 'GET').toUpperCase();
		const path = url.pathname;
		const isPublic = path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
		const entry: LoggedRequest = {
			method,
			path,
			query: Object.fromEntries(
				[...url.searchParams.keys()].map((k) => {
					const all = url.searchParams.getAll(k);
					return [k, all.length === 1 ? all[0] : all];
				}),
			),
			status: null,
			fault: null,
			time: new Date(started).toISOString(),
			durationMs: 0,
		};
		const key = workspace.keyFor(bearer(req));
		// Only requests with a valid key are logged, and only the newest REQUEST_LOG_LIMIT of them.
		if (isPublic && key) {
			requests.push(entry);
			if (requests.length > REQUEST_LOG_LIMIT)
				requests.splice(0, requests.length - REQUEST_LOG_LIMIT);
		}

		const reply = async (): Promise<Reply> => {
			try {
				if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) throw tooLarge();
				if (!key) {
					return errorReply(401, 'unauthorized', 'Missing or invalid bearer token.', {
						'WWW-Authenticate': 'Bearer',
					});
				}
				if (isPublic) {
					return (
						(await publicRoute(workspace, key, method, path, url.searchParams, req)) ??
						errorReply(404, 'not_found', `No endpoint ${method} ${path}.`)
					);
				}
				if (path.startsWith('/__sandbox/'))
					return await controlRoute(state, key, method, path, req);
				return errorReply(
					404,
					'not_found',
					`No endpoint ${method} ${path}. The API lives under ${API_PREFIX}.`,
				);
			} catch (error) {
				if (error instanceof ApiError) return errorReply(error.status, error.code, error.message);
				return errorReply(500, 'internal_error', 'Unexpected error in the sandbox.');
			}
		};

		if (isPublic && latencyMs > 0) await sleep(latencyMs);
		const fault = isPublic ? takeFault(method, path) : undefined;
		if (fault) {
			entry.fault = fault.fault;
			entry.status = await answerWithFault(res, fault, reply, req);
		} else {
			const answer = await reply();
			entry.status = answer.status;
			// A body left unread (too large, or sent where none is expected) is not read to the end:
			// the connection closes after the answer.
			if (!req.complete) answer.headers = { ...answer.headers, Connection: 'close' };
			send(res, answer);
		}
		entry.durationMs = Date.now() - started;
	};

	const server: Server = createServer((req, res) => {
		handle(req, res).catch(() => {
			if (!res.headersSent)
				send(res, errorReply(500, 'internal_error', 'Unexpected error in the sandbox.'));
			else res.destroy();
		});
	});
	server.keepAliveTimeout = 5000;
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
	});
	const address = server.address() as AddressInfo;
	const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
	return {
		url: `http://${host}:${address.port}`,
		port: address.port,
		workspace,
		requests,
		close: () =>
			new Promise<void>((resolve) => {
				for (const socket of sockets) socket.destroy();
				server.close(() => resolve());
			}),
	};
}
