/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * npm run screenshots: the README's pictures, taken from a real n8n in headless Chromium.
 *
 * Starts a real n8n (the e2e runtime, its editor on) with this package installed from its packed
 * tarball and the owner account, or with `--n8n FILE` uses the shared n8n 2.x a descriptor names
 * (e2e/n8n-host.ts; the screenshots suite's, in `npm test`). Creates a seeded sandbox, its
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

import { N8n } from '../e2e/n8n';
import { servesEditor } from '../e2e/n8n-configs';
import { N8nSession } from '../e2e/n8n-session';
import { buildAndPack } from '../e2e/pack';
import { N8nRest } from '../e2e/rest';
import { runtimeOf } from '../e2e/runtime-lines';
import { attachTo } from '../e2e/shared-n8n';
import { findChromium } from './screenshots-chromium';
import { MANIFEST } from './screenshots-manifest';
import { takeScreenshots } from './screenshots-shots';

const ROOT = join(__dirname, '..');

/** A real n8n 2.x of its own, its editor on, with this package installed from its tarball. */
async function ownN8n(log: (line: string) => void) {
	// The README's pictures are of n8n 2.x, whatever AW_N8N_LINE says.
	const n8n = new N8n({ line: 'n8n-2', editor: true, log });
	try {
		n8n.installPackage(buildAndPack(log));
		await n8n.start();
		const rest = new N8nRest(`http://127.0.0.1:${n8n.port}`);
		await rest.signIn();
		const running = {
			line: n8n.runtime.line,
			url: rest.base,
			rest,
			output: () => n8n.serverOutput,
		};
		return { running, close: async () => await n8n.dispose() };
	} catch (error) {
		log(`n8n said:\n${n8n.serverOutput.slice(-2000)}`);
		await n8n.dispose();
		throw error;
	}
}

/** The shared n8n `file` describes (e2e/n8n-host.ts), which must be n8n 2.x serving its editor. */
async function attachedN8n(file: string) {
	const shared = await attachTo(file);
	const { line, config } = shared.descriptor;
	if (!servesEditor(line, config)) {
		await shared.detach();
		throw new Error(`--n8n ${file}: the shared n8n ${line} ${config} serves no editor`);
	}
	return { running: shared, close: async () => await shared.detach() };
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
	const n8n = values.n8n ? await attachedN8n(values.n8n) : await ownN8n(log);
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
