/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * npm run screenshots: the README's pictures, taken from a real n8n in headless Chromium.
 *
 * Starts a real n8n (the e2e runtime, its editor on) with this package installed from its packed
 * tarball and the owner account, or with `--n8n FILE` uses the n8n 2.x a descriptor names
 * (e2e/shared-n8n.ts; the screenshots suite's, in `npm test`). Creates a seeded sandbox, its
 * credential and the example workflows through n8n's REST API (no n8n CLI command: each loads all
 * of n8n), and drives the editor: runs "Run A, then B, then C", opens a node, opens the asset
 * picker, fetches the trigger's test event, compares two versions of a model. Before each picture
 * it checks that the editor shows what the picture is meant to show, and fails otherwise. Writes
 * the PNGs and screenshots.json (versions, sizes, SHA-256 of each PNG) into docs/images, or into
 * --out DIR.
 *
 *   npm run screenshots [-- --out DIR] [--chromium PATH] [--n8n FILE]
 *
 * Chromium: --chromium, else CHROMIUM_PATH, else the first of /usr/bin/chromium,
 * /usr/bin/chromium-browser, /usr/bin/google-chrome, /usr/bin/google-chrome-stable.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';

import { N8nSession } from '../e2e/n8n-session';
import { runtimeOf } from '../e2e/runtime';
import { SharedN8n, startN8n } from '../e2e/shared-n8n';
import { findChromium } from './screenshots-chromium';
import { MANIFEST } from './screenshots-manifest';
import { takeScreenshots } from './screenshots-shots';

const ROOT = join(__dirname, '..');

/** The n8n `file` describes (the shared n8n 2.x of the e2e suites, whose editor is on), or one of its own. */
async function n8nFor(file?: string) {
	if (!file) {
		// The README's pictures are of n8n 2.x, whatever AW_N8N_LINE says.
		const own = await startN8n('default', { line: 'n8n-2', editor: true });
		return { running: own, close: async () => await own.close() };
	}
	const shared = new SharedN8n(file);
	if (shared.line !== 'n8n-2') throw new Error(`--n8n ${file}: the pictures are of n8n 2.x`);
	return { running: shared, close: async () => {} };
}

async function main() {
	const { values } = parseArgs({
		options: {
			out: { type: 'string' },
			chromium: { type: 'string' },
			n8n: { type: 'string' },
		},
	});
	const out = values.out ?? join(ROOT, 'docs', 'images');
	const executablePath = findChromium(values.chromium);
	mkdirSync(out, { recursive: true });
	const log = (line: string) => process.stderr.write(`${line}\n`);
	log(`Chromium: ${executablePath}`);
	const n8n = await n8nFor(values.n8n);
	let session: N8nSession | undefined;
	try {
		session = await N8nSession.open(n8n.running, { sandbox: { jobStepMs: 300 } });
		const label = runtimeOf(n8n.running.line).label;
		const manifest = await takeScreenshots(session, label, out, executablePath);
		writeFileSync(join(out, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
		for (const shot of manifest.shots)
			log(
				`  ${relative(process.cwd(), join(out, shot.file))}  ${shot.width}x${shot.height}  ${shot.caption}`,
			);
		log(
			`${manifest.shots.length} screenshots from ${manifest.n8n} in ${manifest.chromium}; ${relative(process.cwd(), join(out, MANIFEST))} lists them.`,
		);
	} catch (error) {
		log(`n8n said:\n${n8n.running.output().slice(-2000)}`);
		throw error;
	} finally {
		await session?.close();
		await n8n.close();
	}
}

if (require.main === module) {
	main().catch((error: unknown) => {
		process.stderr.write(`npm run screenshots failed: ${(error as Error).stack ?? error}\n`);
		process.exit(1);
	});
}
