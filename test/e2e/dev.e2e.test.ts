/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * `npm run dev` end to end, as a person uses it: started in a copy of the working tree on free
 * ports (n8n and the sandbox; n8n's task broker takes a free one by itself) with its user folder
 * tmp/dev in that copy, the editor opened in headless Chromium (Debian's, as the screenshots use)
 * and signed in with the account it printed; our nodes are in the node panel, the credential's
 * test passes, an imported example opens with its credential and executes; a change under nodes/
 * is rebuilt and picked up by the same n8n process; Ctrl-C (SIGINT to its process group, from
 * npm) ends every process it started and frees the ports; a second run keeps the user folder and
 * imports nothing twice. Whatever fails, nothing is left running (test/harness/dev-run.ts).
 *
 * The picture of the executed example goes to docs/images/dev-editor.png with
 * UPDATE_SCREENSHOTS=1 (the README shows it), otherwise into the copy.
 *
 * Costs 3 to 5.5 minutes (measured on 2 cores shared with other suites, the runtime installed):
 * two starts of n8n and two loads of the editor. `npm run dev` starts an n8n of its own.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { CREDENTIAL } from '../../e2e/n8n';
import { freePort, portTaken } from '../../e2e/ports';
import { N8nRest } from '../../e2e/rest';
import { ensureRuntime } from '../../e2e/runtime';
import { pngSize } from '../../scripts/screenshots-manifest';
import { DevRun } from '../harness/dev-run';
import { Editor, VIEWPORT } from '../harness/editor';
import { alive, environmentOf } from '../harness/processes';
import { ROOT } from '../harness/scripts';

const DEMO = { id: 'awDemoWorkflow01', nodes: 5 };
const TRIGGER_FILE = join('nodes', 'AssetWorkspaceTrigger', 'AssetWorkspaceTrigger.node.ts');
const EXAMPLES = readdirSync(join(ROOT, 'examples')).filter((f) => f.endsWith('.workflow.json'));
const SAVED = 'Saved in the editor by the dev test';

describe('npm run dev', () => {
	const dev = new DevRun();
	const ports = { n8n: 0, sandbox: 0, broker: 0 };
	const account = { email: '', password: '' };
	let editor: Editor;
	let base = '';
	let started: number[] = [];
	const args = () => ['--port', String(ports.n8n), '--sandbox-port', String(ports.sandbox)];
	/** The running `n8n start`: the one process with a task broker port in its environment. */
	const n8nProcess = () =>
		dev.processes().find((pid) => environmentOf(pid, 'N8N_RUNNERS_BROKER_PORT'));

	beforeAll(async () => {
		ensureRuntime('n8n-2');
		dev.copyTree();
		ports.n8n = await freePort();
		ports.sandbox = await freePort();
		base = `http://localhost:${ports.n8n}`;
		dev.start(args());
		await dev.printed('Press Ctrl-C to stop', 25 * 60_000);
		started = dev.processes();
		ports.broker = Number(environmentOf(n8nProcess()!, 'N8N_RUNNERS_BROKER_PORT'));
		[, account.email, account.password] = /Sign in {6}(\S+) \/ (\S+)/.exec(dev.stdout) ?? [];
		editor = await Editor.open(base);
	}, 26 * 60_000);

	afterAll(async () => {
		await editor?.close();
		dev.dispose();
	}, 60_000);

	test('prints the editor address, the account, the sandbox and what it imported', () => {
		const summary = dev.stdout.slice(dev.stdout.indexOf('n8n is ready'));
		expect(summary).toContain(`n8n is ready: ${base}  (n8n 2.41.1 on Node.js 24.21.0;`);
		expect(account.email).toMatch(/@/);
		expect(summary).toContain(`http://127.0.0.1:${ports.sandbox}  key aw_sandbox_owner`);
		expect(summary).toContain(`"${CREDENTIAL.name}" (imported; its test passes)`);
		expect(summary).toContain(`the ${EXAMPLES.length} examples: ${EXAMPLES.length} imported`);
		expect(summary).toContain('User folder  tmp/dev, kept between runs');
	});

	test(
		'the printed account signs in, and our nodes are in the node panel',
		async () => {
			await editor.signInTo(DEMO.id, account.email, account.password);
			const panel = await editor.searchNodePanel('Asset Workspace');
			await panel.getByText('Asset Workspace', { exact: true }).click();
			await panel.getByText(/^Triggers \(\d+\)$/).waitFor();
			expect(await panel.innerText()).toMatch(/Actions \(\d+\)[\s\S]*Execute an asset/);
			await editor.page.keyboard.press('Escape');
		},
		15 * 60_000,
	);

	test('the credential test passes, asked of n8n as the editor asks', async () => {
		const { data } = await editor.rest('GET', `/credentials/${CREDENTIAL.id}?includeData=true`);
		const test = await editor.rest('POST', '/credentials/test', {
			credentials: { ...CREDENTIAL, data },
		});
		expect(test).toEqual({ status: 'OK', message: 'Connection successful!' });
	});

	test(
		'an imported example opens with the credential set and executes in the editor',
		async () => {
			const { page } = editor;
			await page.click('[data-test-id="execute-workflow-button"]');
			const green = `document.querySelectorAll('[data-test-id="canvas-node"] [data-test-id="canvas-node-status-success"]').length`;
			await page.waitForFunction(`${green} === ${DEMO.nodes}`, null, { timeout: 180_000 });
			await page.click('[data-test-id="zoom-to-fit"]');
			await page.mouse.move(VIEWPORT.width / 2, VIEWPORT.height - 10); // nothing hovered
			await page.waitForTimeout(800);
			const png = await page.screenshot();
			expect(pngSize(png)).toEqual(VIEWPORT);
			const picture = process.env.UPDATE_SCREENSHOTS ? join(ROOT, 'docs', 'images') : dev.tree;
			writeFileSync(join(picture, 'dev-editor.png'), png);

			const node = '[data-test-id="canvas-node"][data-node-name="Run Revenue Forecast and wait"]';
			await page.locator(node).dblclick();
			const credential = page.locator('[data-test-id="node-credentials-select"] input');
			expect(await credential.inputValue()).toBe(CREDENTIAL.name);
			const output = page.locator('[data-test-id="output-panel"]');
			await output.getByText('JSON', { exact: true }).click();
			await output.getByText('"status": "success"').first().waitFor();
			await page.keyboard.press('Escape');
		},
		15 * 60_000,
	);

	test(
		'a change under nodes/ is rebuilt and picked up by the same n8n, without a restart',
		async () => {
			const n8n = n8nProcess();
			const mark = `Changed by the dev test at ${Date.now()}`;
			const file = join(dev.tree, TRIGGER_FILE);
			const source = readFileSync(file, 'utf8');
			const changed = source.replace(/(\n\t\tdescription:\n\t\t\t')[^']*'/, `$1${mark}'`);
			expect(changed).not.toBe(source);
			const before = dev.stderr.length;
			// n8n tells the open editor (its push connection), which fetches the node types again.
			const refetched = editor.page.waitForResponse((res) =>
				res.url().endsWith('/types/nodes.json'),
			);
			void refetched.catch(() => undefined); // awaited below; a test that fails first leaves it
			writeFileSync(file, changed);
			const printed = () => dev.stderr.slice(before);
			await dev.until('n8n reloads the package', () => printed().includes('n8n: Hot'), 120_000);
			expect(printed()).toContain('Rebuilt the package');
			expect(printed()).toContain('n8n: Hot reload triggered for n8n-nodes-asset-workspace');
			await refetched;
			// What it fetched (sent again once on a reset kept-alive connection: test/harness/editor.ts).
			const types = await editor.page.request.get(`${base}/types/nodes.json`, { maxRetries: 1 });
			expect(await types.text()).toContain(mark);

			// The node panel builds its list once; a new page shows the new description.
			await editor.page.reload();
			await editor.page.waitForSelector('[data-test-id="canvas-node"]');
			const panel = await editor.searchNodePanel('Asset Workspace');
			await panel.getByText(mark).waitFor();
			await editor.page.keyboard.press('Escape');
			expect(n8nProcess()).toBe(n8n);
			expect(alive(n8n!)).toBe(true);
		},
		15 * 60_000,
	);

	test('Ctrl-C stops n8n, its task runner, the sandbox and the watcher, and frees the ports', async () => {
		await editor.rest('POST', '/workflows', { name: SAVED, nodes: [], connections: {} });
		const running = [...new Set([...started, ...dev.processes()])];
		expect(running.length).toBeGreaterThanOrEqual(5); // npm, sh, tsx, node, n8n, its task runner
		dev.interrupt();
		expect(await dev.exit).toBe('SIGINT'); // after its script has stopped everything: npm's way
		expect(dev.stderr).toContain('Stopped.');
		expect(running.filter(alive)).toEqual([]);
		expect(dev.processes()).toEqual([]);
		for (const port of Object.values(ports)) expect(await portTaken(port)).toBe(false);
	}, 60_000);

	test(
		'a second run keeps the user folder: what was saved is there, nothing is imported twice',
		async () => {
			dev.start(args());
			await dev.printed('Press Ctrl-C to stop', 25 * 60_000);
			expect(dev.stdout).toContain(`"${CREDENTIAL.name}" (kept; its test passes)`);
			expect(dev.stdout).toContain(`${EXAMPLES.length} already there, kept as they are`);
			const rest = new N8nRest(base);
			await rest.signIn({ ...account, firstName: 'Dev', lastName: 'Owner' });
			const names = (await rest.call('GET', '/workflows')).map((w: { name: string }) => w.name);
			const examples = EXAMPLES.map(
				(file) => JSON.parse(readFileSync(join(ROOT, 'examples', file), 'utf8')).name,
			);
			expect(names.sort()).toEqual([...examples, SAVED].sort());
			const credentials = await rest.call('GET', '/credentials');
			expect(credentials.map((c: { id: string }) => c.id)).toEqual([CREDENTIAL.id]);
			dev.interrupt();
			expect(await dev.exit).toBe('SIGINT');
		},
		26 * 60_000,
	);
});
