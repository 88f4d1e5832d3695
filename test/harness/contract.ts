/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * What the sandbox's contract tests (test/sandbox/contract/) check answers against: the shapes
 * the Asset Workspace public API v1 gives (an error body, an asset, a version summary).
 */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

export function expectError(res: { status: number; json: any }, status: number, code: string) {
	expect(res.status).toBe(status);
	expect(res.json).toEqual({ error: { code, message: expect.any(String) } });
	expect(res.json.error.message.length).toBeGreaterThan(5);
}

export function expectAssetShape(asset: any) {
	expect(Object.keys(asset).sort()).toEqual(
		expect.arrayContaining([
			'createdAt',
			'description',
			'id',
			'name',
			'owner',
			'parentFolder',
			'schedules',
			'type',
			'updatedAt',
		]),
	);
	for (const key of Object.keys(asset)) {
		expect([
			'id',
			'name',
			'description',
			'type',
			'createdAt',
			'updatedAt',
			'owner',
			'parentFolder',
			'schedules',
			'details',
		]).toContain(key);
	}
	expect(asset.id).toMatch(UUID);
	expect(typeof asset.name).toBe('string');
	expect(asset.description === null || typeof asset.description === 'string').toBe(true);
	expect(['Folder', 'Model', 'Source', 'Orchestration', 'Python']).toContain(asset.type);
	expect(asset.createdAt).toMatch(ISO);
	expect(asset.updatedAt).toMatch(ISO);
	expect(Object.keys(asset.owner).sort()).toEqual(['displayName', 'email', 'id']);
	if (asset.owner.id !== null) expect(asset.owner.id).toMatch(UUID);
	if (asset.parentFolder !== null) {
		expect(Object.keys(asset.parentFolder).sort()).toEqual(['id', 'name']);
		expect(asset.parentFolder.id).toMatch(UUID);
	}
	expect(Array.isArray(asset.schedules)).toBe(true);
	for (const s of asset.schedules) {
		expect(Object.keys(s).sort()).toEqual(['cronExpression', 'nextRunAt', 'timezone']);
		expect(s.cronExpression.split(' ')).toHaveLength(5);
		if (s.nextRunAt !== null) expect(s.nextRunAt).toMatch(ISO);
	}
	if (asset.details !== undefined) {
		for (const key of Object.keys(asset.details))
			expect(['tablePrefix', 'computeProfile']).toContain(key);
	}
}

export const SUMMARY_KEYS = [
	'comment',
	'createdAt',
	'id',
	'published',
	'recordType',
	'updatedAt',
	'versionNumber',
];
