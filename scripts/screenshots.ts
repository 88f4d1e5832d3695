/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * npm run screenshots: the README's pictures, taken from a real n8n in headless Chromium.
 *
 * Starts a seeded sandbox and a real n8n (the e2e runtime) with this package installed from its
 * packed tarball, imports the example workflows, creates the owner account, and drives the editor:
 * runs "Run A, then B, then C", opens a node, opens the asset picker, fetches the trigger's test
 * event, compares two versions of a model. Before each picture it checks that the editor shows what the picture is meant to show,
 * and fails otherwise. Writes the PNGs and screenshots.json (versions, sizes, SHA-256 of each PNG)
 * into docs/images, or into --out DIR.
 *
 *   npm run screenshots [-- --out DIR] [--chromium PATH]
 *
 * Chromium: --chromium, else CHROMIUM_PATH, else the first of /usr/bin/chromium,
 * /usr/bin/chromium-browser, /usr/bin/google-chrome, /usr/bin/google-chrome-stable.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';

import { openSession } from '../e2e/workflows';
import { findChromium } from './screenshots-chromium';
import { MANIFEST } from './screenshots-manifest';
import { takeScreenshots } from './screenshots-shots';

const ROOT = join(__dirname, '..');

async function main() {
	const { values } = parseArgs({
		options: { out: { type: 'string' }, chromium: { type: 'string' } },
	});
	const out = values.out ?? join(ROOT, 'docs', 'images');
	const executablePath = findChromium(values.chromium);
	mkdirSync(out, { recursive: true });
	const log = (line: string) => process.stderr.write(`${line}\n`);
	log(`Chromium: ${executablePath}`);
	// The README's pictures are of n8n 2.x, whatever AW_N8N_LINE says.
	const session = await openSession({
		sandbox: { jobStepMs: 300 },
		line: 'n8n-2',
		editor: true,
		log,
	});
	try {
		const manifest = await takeScreenshots(session, out, executablePath);
		writeFileSync(join(out, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
		for (const shot of manifest.shots)
			log(
				`  ${relative(process.cwd(), join(out, shot.file))}  ${shot.width}x${shot.height}  ${shot.caption}`,
			);
		log(
			`${manifest.shots.length} screenshots from ${manifest.n8n} in ${manifest.chromium}; ${relative(process.cwd(), join(out, MANIFEST))} lists them.`,
		);
	} catch (error) {
		log(`n8n said:\n${session.n8n.serverOutput.slice(-2000)}`);
		throw error;
	} finally {
		await session.close();
	}
}

if (require.main === module) {
	main().catch((error: unknown) => {
		process.stderr.write(`npm run screenshots failed: ${(error as Error).stack ?? error}\n`);
		process.exit(1);
	});
}
