/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Installing by environment variable, as the README tells Docker and n8n 3 users, in a real n8n
 * 2.41.1: with N8N_COMMUNITY_PACKAGES_MANAGED_BY_ENV=true, N8N_COMMUNITY_PACKAGES names packages as
 * JSON ({"name", "version"}), which `n8n start` installs from the npm registry into the user
 * folder's nodes (shown with a small public package: this one is on the registry only once it is
 * released). It cannot install from a local tarball or folder: n8n refuses the name and does not
 * start (community-packages.service.js checks the name, then runs `npm pack <name>@<version>
 * --registry=...`). Two n8n of its own, one after the other: about a minute.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { startN8n } from '../../e2e/shared-n8n';

/** A small public community package with no dependencies, on the registry the tests reach. */
const PUBLIC = { name: '@mendable/n8n-nodes-firecrawl', version: '2.1.2' };
const managed = (packages: unknown[]) => ({
	N8N_COMMUNITY_PACKAGES_MANAGED_BY_ENV: 'true',
	N8N_COMMUNITY_PACKAGES: JSON.stringify(packages),
});

test(
	'N8N_COMMUNITY_PACKAGES installs a package from the npm registry when n8n starts',
	async () => {
		const n8n = await startN8n('default', { env: managed([PUBLIC]) });
		try {
			const installed = join(n8n.nodesFolder(), 'node_modules', PUBLIC.name, 'package.json');
			expect(existsSync(installed)).toBe(true);
			expect(JSON.parse(readFileSync(installed, 'utf8')).version).toBe(PUBLIC.version);
			const listed = await n8n.rest.call('GET', '/community-packages');
			expect(listed).toEqual([
				expect.objectContaining({ packageName: PUBLIC.name, installedVersion: PUBLIC.version }),
			]);
		} finally {
			await n8n.close();
		}
	},
	10 * 60_000,
);

test(
	'N8N_COMMUNITY_PACKAGES refuses a local tarball: n8n does not start, and says why',
	async () => {
		const tarball = process.env.AW_PACKAGE_TARBALL ?? '/tmp/n8n-nodes-asset-workspace-0.1.0.tgz';
		await expect(startN8n('default', { env: managed([{ name: tarball }]) })).rejects.toThrow(
			/N8N_COMMUNITY_PACKAGES has an invalid package name ".*" at index 0: Package name must start with n8n-nodes-/,
		);
	},
	10 * 60_000,
);
