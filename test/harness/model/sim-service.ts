/**
 * The Asset Workspace API as the model checker plays it: the listing sorted by name under one
 * collation, pages of `pageSize` with `hasMore` as the spec says, internal-only assets counted for
 * offsets but left out of pages, assets, jobs and model versions, on the service's own clock
 * (n8n's plus `skewMs`), its times written in one of the forms the docs promise to read and its
 * `Date` header written by the service or a proxy.
 */
import { byName, orderTies, type Collation, type Ties } from './name-order';

export interface SimAsset {
	id: string;
	name: string;
	folderId: string | null;
	createdAt: number;
	updatedAt: number;
	/** An internal-only asset: it takes a place in the listing, and is never shown. */
	internal?: boolean;
}

export interface SimJob {
	id: string;
	status: 'pending' | 'running' | 'success' | 'warning' | 'failed';
	startedAt?: number;
	finishedAt?: number;
}

export interface SimVersion {
	id: string;
	versionNumber: number;
	published: boolean;
}

/** How the service writes its times. */
export type TimeForm = 'z' | 'offset' | 'no-zone' | 'space' | 'tokyo';

/** Whose `Date` header: the service's, a proxy's skewed by `ms`, none, garbage, or wild. */
export type DateHeader =
	| { kind: 'service' }
	| { kind: 'proxy'; skewMs: number }
	| { kind: 'none' | 'garbage' | '1970' | '9999' };

export interface ServiceClocks {
	/** The service's clock minus n8n's (ms). */
	skewMs: number;
	form: TimeForm;
	date: DateHeader;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A service time (ms) as the service writes it. */
export function writeTime(ms: number, form: TimeForm): string {
	const iso = new Date(ms).toISOString();
	if (form === 'z') return iso;
	if (form === 'offset') return iso.replace('Z', '+00:00');
	if (form === 'no-zone') return iso.slice(0, -1);
	if (form === 'space') return iso.slice(0, -1).replace('T', ' ');
	const tokyo = new Date(ms + 9 * 3600_000);
	const day = `${tokyo.getUTCFullYear()}-${pad(tokyo.getUTCMonth() + 1)}-${pad(tokyo.getUTCDate())}`;
	const time = `${pad(tokyo.getUTCHours())}:${pad(tokyo.getUTCMinutes())}:${pad(tokyo.getUTCSeconds())}.${pad(tokyo.getUTCMilliseconds(), 3)}`;
	return `${day}T${time}+09:00`;
}

/** The `Date` header at n8n's time `now`. */
export function dateHeader(now: number, clocks: ServiceClocks): string | undefined {
	const { date } = clocks;
	const service = now + clocks.skewMs;
	if (date.kind === 'service') return new Date(service).toUTCString();
	if (date.kind === 'proxy') return new Date(service + date.skewMs).toUTCString();
	if (date.kind === 'garbage') return 'yesterday';
	if (date.kind === '1970') return new Date(0).toUTCString();
	if (date.kind === '9999') return 'Fri, 31 Dec 9999 23:59:59 GMT';
	return undefined;
}

export class SimWorkspace {
	readonly assets = new Map<string, SimAsset>();
	readonly jobs = new Map<string, SimJob>();
	readonly models = new Map<string, SimVersion[]>();
	ties: Ties = 'fixed';
	collation: Collation = 'case';
	private listed = 0;

	constructor(
		readonly clocks: ServiceClocks,
		readonly pageSize: number,
	) {}

	/** The listing in scope (one folder, or everything), in name order, internal-only assets too. */
	listing(folderId?: string): SimAsset[] {
		return [...this.assets.values()]
			.filter((asset) => folderId === undefined || asset.folderId === folderId)
			.sort(byName(this.collation));
	}

	/** The listing as one request is served: equal names in the order `ties` says. */
	private served(folderId?: string): SimAsset[] {
		return orderTies(this.listing(folderId), this.ties, this.listed++, this.collation);
	}

	assetJson(asset: SimAsset) {
		const { form } = this.clocks;
		return {
			id: asset.id,
			name: asset.name,
			description: null,
			type: 'Source',
			createdAt: writeTime(asset.createdAt, form),
			updatedAt: writeTime(asset.updatedAt, form),
			owner: { id: null, displayName: null, email: null },
			parentFolder: asset.folderId ? { id: asset.folderId, name: 'Folder' } : null,
			schedules: [],
		};
	}

	/** The answer to a GET of `path` with `query` (status and JSON body). */
	answer(path: string, query: URLSearchParams): { status: number; body: unknown } {
		const notFound = { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
		const parts = path.replace(/^\/api\/public\/v1\//, '').split('/');
		if (parts[0] === 'assets' && parts.length === 1) {
			const offset = Number(query.get('offset') ?? 0);
			const limit = Math.min(Number(query.get('limit') ?? 50), this.pageSize);
			const slice = this.served(query.get('folderId') ?? undefined).slice(offset, offset + limit);
			const data = slice.filter((asset) => !asset.internal).map((asset) => this.assetJson(asset));
			return {
				status: 200,
				body: { data, meta: { limit, offset, hasMore: slice.length === limit } },
			};
		}
		if (parts[0] === 'assets' && parts.length === 2) {
			const asset = this.assets.get(parts[1]);
			return asset && !asset.internal
				? { status: 200, body: { data: this.assetJson(asset) } }
				: notFound;
		}
		if (parts[0] === 'assets' && parts[2] === 'model' && parts[3] === 'versions') {
			const versions = this.models.get(parts[1]);
			if (!versions) return notFound;
			const data = [...versions]
				.sort((a, b) => b.versionNumber - a.versionNumber)
				.map((v) => ({ ...v, recordType: 'model', comment: '', createdAt: null, updatedAt: null }));
			return { status: 200, body: { data: { versions: data } } };
		}
		if (parts[0] === 'jobs' && parts.length === 2) {
			const job = this.jobs.get(parts[1]);
			if (!job) return notFound;
			const time = (ms?: number) => (ms === undefined ? null : writeTime(ms, this.clocks.form));
			const { id, status, startedAt, finishedAt } = job;
			return {
				status: 200,
				body: {
					data: {
						jobId: id,
						status,
						assetId: '00000000-0000-4000-8000-00000000a55e',
						jobSource: 'API',
						jobSourceId: '',
						startedAt: time(startedAt),
						finishedAt: time(finishedAt),
					},
				},
			};
		}
		return notFound;
	}
}
