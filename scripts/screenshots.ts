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
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';

import { chromium, type Page } from 'playwright-core';

import { CREDENTIAL } from '../e2e/n8n';
import { N8nRest, OWNER_ACCOUNT } from '../e2e/rest';
import { openSession, readWorkflow, type Session } from '../e2e/workflows';
import { SEED_IDS } from '../sandbox/seed';
import { api, controlJob, newVersion, startJob } from '../test/helpers/http';

const ROOT = join(__dirname, '..');
const CHAIN = join(ROOT, 'examples', 'run-a-then-b-then-c.workflow.json');
const WATCH = join(ROOT, 'examples', 'watch-jobs-with-the-trigger.workflow.json');
const BROWSERS = [
	'/usr/bin/chromium',
	'/usr/bin/chromium-browser',
	'/usr/bin/google-chrome',
	'/usr/bin/google-chrome-stable',
];
const VIEWPORT = { width: 1440, height: 900 };

export interface Shot {
	file: string;
	caption: string;
	width: number;
	height: number;
	sha256: string;
}

export interface Manifest {
	takenBy: string;
	n8n: string;
	chromium: string;
	viewport: typeof VIEWPORT;
	shots: Shot[];
}

export const MANIFEST = 'screenshots.json';

export function findChromium(explicit?: string): string {
	const candidates = explicit
		? [explicit]
		: process.env.CHROMIUM_PATH
			? [process.env.CHROMIUM_PATH]
			: BROWSERS;
	const found = candidates.find((path) => existsSync(path));
	if (!found) {
		throw new Error(
			`No Chromium found (looked for ${candidates.join(', ')}). Install Debian's: apt-get install chromium, or pass --chromium PATH.`,
		);
	}
	return found;
}

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(png: Buffer): { width: number; height: number } {
	if (png.subarray(1, 4).toString('latin1') !== 'PNG') throw new Error('not a PNG');
	return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

class Editor {
	constructor(
		readonly page: Page,
		private readonly base: string,
	) {}

	async open(workflowId: string) {
		await this.page.goto(`${this.base}/workflow/${workflowId}`);
		await this.page.waitForSelector('[data-test-id="canvas-node"]');
		// Toasts ("Workflow executed successfully") come and go; they are not what the pictures show.
		await this.page.addStyleTag({ content: '.el-notification { display: none !important; }' });
	}

	node(name: string) {
		return this.page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`);
	}

	async openNode(name: string) {
		await this.node(name).dblclick();
		await this.page.waitForSelector('[data-test-id="ndv"]');
	}

	/** The value a parameter's input shows (selects and the resource locator are inputs too). */
	async expectValue(parameter: string, value: string) {
		const input = this.page.locator(`[data-test-id="parameter-input-${parameter}"] input`).last(); // a resource locator: mode, then value
		const shown = await input.inputValue();
		if (shown !== value)
			throw new Error(
				`parameter ${parameter}: expected "${value}" in the editor, it shows "${shown}"`,
			);
	}

	async expectText(selector: string, texts: string[], what: string) {
		const locator = this.page.locator(selector);
		try {
			await Promise.all(
				texts.map((text) =>
					locator.getByText(text, { exact: false }).first().waitFor({ timeout: 60_000 }),
				),
			);
		} catch {
			throw new Error(
				`${what}: expected ${texts.map((t) => `"${t}"`).join(', ')} in ${selector}; it shows:\n${(await locator.allInnerTexts()).join('\n').slice(0, 2000) || '(nothing)'}`,
			);
		}
	}
}

const COMPARE_NODE = 'Compare the published version with the newest';

/** A version 4 of Revenue Forecast (its filter changed), and a workflow comparing it with version 2. */
async function compareWorkflow(session: Session) {
	const sandbox = session.sandbox!;
	const model = SEED_IDS.revenueForecast;
	const versions = (await api(sandbox, `/assets/${model}/model/versions`)).json.data.versions;
	const newest = versions.find((v: { versionNumber: number }) => v.versionNumber === 3);
	const v3 = (await api(sandbox, `/assets/${model}/model/versions/${newest.id}`)).json.data.version;
	const nodes = v3.nodes.map((node: { id: string; config: object }) =>
		node.id === 'n3' ? { ...node, config: { expression: "stage = 'Closed Won'" } } : node,
	);
	await newVersion(sandbox, model, { comment: 'Only won deals', nodes });
	const credentials = { [CREDENTIAL.type]: { id: CREDENTIAL.id, name: CREDENTIAL.name } };
	return {
		id: 'awShotCompare001',
		name: 'Compare two versions of a model',
		nodes: [
			{
				id: 'start',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'compare',
				name: COMPARE_NODE,
				type: 'n8n-nodes-asset-workspace.assetWorkspace',
				typeVersion: 2,
				position: [260, 0],
				parameters: {
					resource: 'modelVersion',
					operation: 'compare',
					assetId: { __rl: true, mode: 'list', value: model, cachedResultName: 'Revenue Forecast' },
				},
				credentials,
			},
		],
		connections: { Start: { main: [[{ node: COMPARE_NODE, type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

async function takeScreenshots(
	session: Session,
	out: string,
	executablePath: string,
): Promise<Manifest> {
	const sandbox = session.sandbox!;
	// Two runs for the trigger to watch: one that failed, one still running (held there).
	const failedJob: string = (await startJob(sandbox, SEED_IDS.postgresOrders)).jobId;
	const runningJob: string = (await startJob(sandbox, SEED_IDS.revenueForecast)).jobId;
	await controlJob(sandbox, failedJob, { status: 'failed' });
	await controlJob(sandbox, runningJob, { status: 'running', hold: true });

	const chain = readWorkflow(CHAIN);
	const watch = readWorkflow(WATCH);
	const nodes = watch.nodes as Array<{ type: string; parameters: Record<string, unknown> }>;
	nodes.find((node) => node.type.endsWith('.assetWorkspaceTrigger'))!.parameters.jobIds =
		`${failedJob}\n${runningJob}`;
	// A fourth version of Revenue Forecast in which one tool's configuration changed.
	const compare = await compareWorkflow(session);
	await session.n8n.importWorkflows([chain, watch, compare]);
	await session.n8n.start();

	const base = `http://127.0.0.1:${session.n8n.port}`;
	await new N8nRest(base).signIn();

	const browser = await chromium.launch({
		executablePath,
		// As root and on a machine without internet: no sandbox, no GPU, no calls home.
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
		],
	});
	try {
		const context = await browser.newContext({
			viewport: VIEWPORT,
			deviceScaleFactor: 1,
			locale: 'en-US',
			timezoneId: 'UTC',
		});
		context.setDefaultTimeout(60_000);
		const login = await context.request.post(`${base}/rest/login`, {
			data: { emailOrLdapLoginId: OWNER_ACCOUNT.email, password: OWNER_ACCOUNT.password },
		});
		if (!login.ok()) throw new Error(`n8n login failed: ${login.status()}`);
		const editor = new Editor(await context.newPage(), base);
		const shots: Shot[] = [];
		const shoot = async (file: string, caption: string) => {
			await editor.page.waitForTimeout(800); // let transitions settle
			const png = await editor.page.screenshot({ path: join(out, file) });
			shots.push({
				file,
				caption,
				...pngSize(png),
				sha256: createHash('sha256').update(png).digest('hex'),
			});
		};

		// 1. A workflow: Run A, then B, then C, executed in the editor, every node green.
		await editor.open(chain.id);
		await editor.page.click('[data-test-id="execute-workflow-button"]');
		const green = `document.querySelectorAll('[data-test-id="canvas-node"] [data-test-id="canvas-node-status-success"]').length`;
		await editor.page.waitForFunction(`${green} === ${(chain.nodes as unknown[]).length}`, null, {
			timeout: 120_000,
		});
		await editor.page.click('[data-test-id="zoom-to-fit"]');
		await shoot(
			'workflow.png',
			'"Run A, then B, then C" executed in the n8n editor: each run starts when the one before has finished',
		);

		// 2. The node: Asset > Execute with Wait for Completion, and the finished job it returned.
		await editor.openNode('B: run Revenue Forecast');
		await editor.page
			.locator('[data-test-id="output-panel"]')
			.getByText('JSON', { exact: true })
			.click();
		await editor.expectValue('operation', 'Execute');
		await editor.expectValue('assetId', 'Revenue Forecast');
		await editor.expectText(
			'[data-test-id="output-panel"]',
			['"status": "success"', '"waitedSeconds"'],
			'the node output',
		);
		await shoot(
			'node-execute-and-wait.png',
			'Asset > Execute waits for the run and returns the finished job',
		);

		// 3. The searchable asset picker.
		await editor.page
			.locator('[data-test-id="parameter-input-assetId"] [data-test-id="rlc-input"]')
			.click();
		await editor.expectText(
			'[data-test-id="rlc-item"]',
			[
				'Revenue Forecast (Model in Finance)',
				'Finance (Folder)',
				'FX Rates Loader (Python in Finance)',
			],
			'the asset picker',
		);
		await shoot(
			'asset-picker.png',
			"The asset picker lists the workspace's assets, with their type and folder, and searches them",
		);
		await editor.page.keyboard.press('Escape');

		// 4. The trigger: Fetch Test Event on the watched runs.
		await editor.open(watch.id);
		await editor.openNode('When a watched run fails');
		await editor.page.click('[data-test-id="node-execute-button"]');
		await editor.page
			.locator('[data-test-id="output-panel"]')
			.getByText('JSON', { exact: true })
			.click();
		await editor.expectText(
			'[data-test-id="output-panel"]',
			[failedJob, '"status": "failed"', runningJob, '"status": "running"'],
			'the trigger output',
		);
		await editor.page.mouse.move(VIEWPORT.width / 2, VIEWPORT.height - 10); // away from anything with a tooltip
		await shoot(
			'trigger.png',
			'Asset Workspace Trigger: the runs it watches, and which final states fire',
		);

		// 5. Model Version > Compare: the published version against the newest.
		await editor.open(compare.id);
		await editor.openNode(COMPARE_NODE);
		await editor.page.click('[data-test-id="node-execute-button"]');
		await editor.page
			.locator('[data-test-id="output-panel"]')
			.getByText('JSON', { exact: true })
			.click();
		await editor.expectValue('operation', 'Compare');
		await editor.expectText(
			'[data-test-id="output-panel"]',
			['1 tool changed, 1 added, 0 removed'],
			'the comparison',
		);
		await editor.page.mouse.move(VIEWPORT.width / 2, VIEWPORT.height - 10);
		await shoot(
			'compare.png',
			'Model Version > Compare: what changed from the published version to the newest, in one item',
		);

		return {
			takenBy: 'npm run screenshots (scripts/screenshots.ts)',
			n8n: session.n8n.runtime.label,
			chromium: browser.version(),
			viewport: VIEWPORT,
			shots,
		};
	} finally {
		await browser.close();
	}
}

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
