/** Answers that keep to the API contract, for tests that break them or read them. */

/** An asset as GET /assets/{id} and the listing give it, with every optional part filled. */
export const validAsset = {
	id: 'a1',
	name: 'Revenue',
	description: null,
	type: 'Model',
	createdAt: '2026-11-01T00:00:00Z',
	updatedAt: '2026-11-02T00:00:00Z',
	owner: { id: null, displayName: 'Ann', email: 'ann@example.com', extra: 1 },
	parentFolder: { id: 'f', name: 'Finance' },
	schedules: [{ cronExpression: '0 * * * *', timezone: 'UTC', nextRunAt: null }],
	details: { tablePrefix: 'rev_' },
	extra: { any: ['thing'] },
};

/** A page of the asset listing holding `data`. */
export const assetPage = (data: unknown[], meta: object = {}) => ({
	data,
	meta: { limit: 100, offset: 0, hasMore: false, ...meta },
});
