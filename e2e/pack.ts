/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Builds the package and packs it with `npm pack`, exactly what would be published. Under
 * `npm test` the package is built and packed once, before the end-to-end suites start side by
 * side (AW_PACKAGE_TARBALL names the tarball): builds of their own would rewrite dist/ under
 * each other's feet.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
