/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * npm run dev's package: this working tree built into dist/ (tsup, with the tsup.config.ts of the
 * working directory, then the icons, as `npm run build` does), rebuilt whenever a file under
 * nodes/ or credentials/ changes, and each build copied into
 * <user folder>/.n8n/nodes/node_modules/n8n-nodes-asset-workspace, where n8n 2.41.1 loads an
 * installed community package (its node types are then `n8n-nodes-asset-workspace.<name>`, the
 * names the example workflows use). Other builds of the working tree (npm test's) empty dist/
 * for a moment; the copy n8n loads is not touched by them.
 *
 * A copy, not a symlink: with N8N_DEV_RELOAD=true n8n watches that folder and, on a change, drops
 * from Node.js's module cache the files whose path starts with it before it loads the package
 * again. Node.js caches a file under its real path, so through a symlink n8n would reload the old
 * code; and a symlink to the working tree would have n8n watch all of it (node_modules, the n8n
 * database in tmp/dev). A custom extensions folder (N8N_CUSTOM_EXTENSIONS) names the nodes
 * `CUSTOM.<name>` instead, which the examples do not use.
 */
import { cpSync, mkdirSync, watch } from 'node:fs';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';

import { build } from 'tsup';

import { PACKAGE_NAME } from '../e2e/n8n';

const ROOT = join(__dirname, '..');
// gulpfile.js is CommonJS with no types: its one task, as `npm run build` runs it.
const { 'build:icons': buildIcons } = require(join(ROOT, 'gulpfile.js'));

/** Where n8n finds the package: the folder `npm install` in <user folder>/.n8n/nodes would make. */
const packageFolder = (userFolder: string) =>
	join(userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE_NAME);

/** dist/ and package.json into the user folder's package folder (a few files: milliseconds). */
function copyIntoN8n(userFolder: string) {
	const target = packageFolder(userFolder);
	mkdirSync(target, { recursive: true });
	cpSync(join(ROOT, 'package.json'), join(target, 'package.json'));
	cpSync(join(ROOT, 'dist'), join(target, 'dist'), { recursive: true });
}

/** tsup (as `npm run build`, but leaving dist/ in place: n8n may be reading it), then the icons. */
async function buildOnce() {
	await build({ clean: false, silent: true });
	await finished(buildIcons());
}

/**
 * Builds the package and copies it where n8n loads it, then does so again after every change
 * under nodes/ or credentials/ (new files too: Node.js's recursive fs.watch) until the process
 * ends. Resolves after the first build, which rejects when it fails; a later build that fails is
 * reported to `log`, and n8n keeps the last good one.
 */
export async function buildAndWatch(userFolder: string, log: (line: string) => void) {
	await buildOnce();
	copyIntoN8n(userFolder);
	let timer: NodeJS.Timeout | undefined;
	let building: Promise<void> = Promise.resolve();
	const rebuild = () => {
		building = building.then(async () => {
			const time = new Date().toTimeString().slice(0, 8);
			try {
				await buildOnce();
				copyIntoN8n(userFolder);
				log(`[${time}] Rebuilt the package: n8n reloads it now (no restart needed).`);
			} catch (error) {
				log(
					`[${time}] The build failed (n8n keeps the last good one): ${(error as Error).message}`,
				);
			}
		});
	};
	for (const folder of ['nodes', 'credentials'])
		watch(join(ROOT, folder), { recursive: true }, () => {
			// An editor's save can be several events: one build for them all.
			clearTimeout(timer);
			timer = setTimeout(rebuild, 200);
		});
}
