/**
 * The README's five pictures, taken in the n8n editor in headless Chromium: the chain of runs
 * executed, the node's panel, the asset picker, the trigger's test event and a comparison of two
 * versions. Before each it checks that the editor shows what the picture is meant to show.
 */
import type { N8nSession } from '../e2e/n8n-session';
import { launchChromium, VIEWPORT } from './screenshots-chromium';
import { signedInEditor } from './screenshots-editor';
import { takeShot, type Manifest, type Shot } from './screenshots-manifest';
import { COMPARE_NODE, setUpScene } from './screenshots-scene';

export async function takeScreenshots(
	session: N8nSession,
	n8nLabel: string,
	out: string,
	executablePath: string,
): Promise<Manifest> {
	const { base, chain, watch, compare, failedJob, runningJob } = await setUpScene(session);
	const browser = await launchChromium(executablePath);
	try {
		const editor = await signedInEditor(browser, base);
		const shots: Shot[] = [];
		const shoot = async (file: string, caption: string) => {
			shots.push(await takeShot(editor.page, out, file, caption));
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
			n8n: n8nLabel,
			chromium: browser.version(),
			viewport: VIEWPORT,
			shots,
		};
	} finally {
		await browser.close();
	}
}
