/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The published package's JavaScript: `npm run build`, then each .js file `npm pack --dry-run
 * --json` lists with its size, as test/tooling/package.test.ts weighs it, and how many copies of zod the
 * files carry (a sentence of zod 4's core, a string every bundled copy of zod 4 holds once). Against
 * the package before issue 25 (3c8710f): one bundle per node, zod in each.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { log } from './measure';

const ROOT = join(__dirname, '..');
/** The same marker test/tooling/package.test.ts counts (zod/v4/core/core.js). */
const ZOD_CORE_TEXT = 'Encountered Promise during synchronous parse';
/**
 * The ceiling the package checks hold (test/tooling/package.test.ts): 182 kB since issue 54, for the
 * name groups of any collation (issue 52) and the setting n8n's SSRF protection needs in its errors;
 * 180 kB before (185 kB between issues 37 and 38, until zod's local names were minified).
 */
export const DIST_JS_TARGET_BYTES = 182_000;

/** Each dist/ JavaScript file's bytes at 3c8710f (before issue 25), 413,126 in all. */
export const BEFORE_ISSUE_25: Record<string, number> = {
	'dist/nodes/AssetWorkspace/AssetWorkspace.node.js': 214_827,
	'dist/nodes/AssetWorkspaceTrigger/AssetWorkspaceTrigger.node.js': 192_196,
	'dist/credentials/AssetWorkspaceApi.credentials.js': 6_103,
};

export interface PackedFile {
	path: string;
	bytes: number;
	zodCopies: number;
}

export interface PackageSize {
	files: PackedFile[];
	totalBytes: number;
	zodCopies: number;
}

export function packageSize(): PackageSize {
	log('Building and weighing the package (npm pack --dry-run)...');
	execFileSync('npm', ['run', 'build', '--silent'], {
		cwd: ROOT,
		stdio: ['ignore', 'ignore', 'inherit'],
	});
	const packed = JSON.parse(
		execFileSync('npm', ['pack', '--dry-run', '--json'], {
			cwd: ROOT,
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'ignore'],
		}),
	) as Array<{ files: Array<{ path: string; size: number }> }>;
	const files = packed[0].files
		.filter((f) => f.path.endsWith('.js'))
		.map((f) => ({
			path: f.path,
			bytes: f.size,
			zodCopies: readFileSync(join(ROOT, f.path), 'utf8').split(ZOD_CORE_TEXT).length - 1,
		}))
		.sort((a, b) => b.bytes - a.bytes);
	return {
		files,
		totalBytes: files.reduce((sum, f) => sum + f.bytes, 0),
		zodCopies: files.reduce((sum, f) => sum + f.zodCopies, 0),
	};
}

if (require.main === module) process.stdout.write(`${JSON.stringify(packageSize(), null, 2)}\n`);
