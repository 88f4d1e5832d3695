/**
 * The README's install by environment variable (N8N_COMMUNITY_PACKAGES) names this package at
 * the version package.json says, so that a release never sends users to an older one.
 */
import { read } from './markdown';

const pkg = JSON.parse(read('package.json'));

test("N8N_COMMUNITY_PACKAGES in the README names this package at package.json's version", () => {
	const readme = read('README.md');
	const lists = [...readme.matchAll(/N8N_COMMUNITY_PACKAGES='([^']+)'/g)].map(([, json]) =>
		JSON.parse(json),
	);
	expect(lists).toEqual([[{ name: pkg.name, version: pkg.version }]]);
});
