/* eslint-disable @n8n/community-nodes/require-node-api-error -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The n8n editor as npm run screenshots drives it: signed in, a workflow opened, a node's panel,
 * and checks that it shows what a picture is meant to show (each failing with what it shows).
 */
import type { Browser, Page } from 'playwright-core';

import { OWNER_ACCOUNT } from '../e2e/rest';
import { VIEWPORT } from './screenshots-chromium';

export class Editor {
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

/** The editor at `base` in a new page of `browser`, signed in as the owner. */
export async function signedInEditor(browser: Browser, base: string): Promise<Editor> {
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
	return new Editor(await context.newPage(), base);
}
