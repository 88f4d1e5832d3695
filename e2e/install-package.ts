/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Our package as published (`npm pack`), and installed into an n8n user folder the way n8n
 * installs a community package. Under `npm test` it is built and packed once (AW_PACKAGE_TARBALL
 * names the tarball): builds of the suites' own would rewrite dist/ under each other's feet.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PACKAGE_NAME = 'n8n-nodes-asset-workspace';

/**
 * Installs the packed package as n8n (1.123 and 2.41 alike) installs a community package: the
 * tarball unpacked into <user folder>/.n8n/nodes/node_modules/<name>, its package.json without
 * its peer, dev and optional dependencies (n8n provides n8n-workflow; npm would otherwise
 * install a copy of it and its 80 MB of dependencies), and named in the nodes folder's
 * package.json. It has no dependencies of its own for npm to install.
 */
export function installPackage(userFolder: string, tarball: string) {
	const nodesDir = join(userFolder, '.n8n', 'nodes');
	const unpacked = join(nodesDir, 'node_modules', PACKAGE_NAME);
	mkdirSync(unpacked, { recursive: true });
	execFileSync('tar', ['-xzf', tarball, '-C', unpacked, '--strip-components=1']);
	const manifest = join(unpacked, 'package.json');
	const kept = JSON.parse(readFileSync(manifest, 'utf8'));
	for (const field of ['devDependencies', 'peerDependencies', 'optionalDependencies'])
		delete kept[field];
	if (kept.dependencies && Object.keys(kept.dependencies).length)
		throw new Error(`${PACKAGE_NAME} has dependencies, which n8n would install: none are allowed`);
	writeFileSync(manifest, JSON.stringify(kept, null, 2));
	const installed = {
		name: 'installed-nodes',
		private: true,
		dependencies: { [PACKAGE_NAME]: kept.version },
	};
	writeFileSync(join(nodesDir, 'package.json'), JSON.stringify(installed));
}

const ROOT = join(__dirname, '..');

export function buildAndPack(log: (line: string) => void = () => {}): string {
	const packed = process.env.AW_PACKAGE_TARBALL;
	if (packed) {
		if (!existsSync(packed)) throw new Error(`AW_PACKAGE_TARBALL: no file at ${packed}`);
		return packed;
	}
	log('Building and packing n8n-nodes-asset-workspace...');
	execFileSync('npm', ['run', 'build', '--silent'], {
		cwd: ROOT,
		stdio: ['ignore', 'ignore', 'inherit'],
	});
	const dir = mkdtempSync(join(tmpdir(), 'aw-pack-'));
	const output = execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], {
		cwd: ROOT,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'ignore'],
	});
	return join(dir, output.trim().split('\n').pop()!);
}
