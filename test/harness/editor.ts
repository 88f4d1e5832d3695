/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The n8n editor (2.41.1) in headless Chromium, as a person uses it: signing in, the node panel,
 * a workflow's canvas, and n8n's REST API asked the way the editor's own client asks it.
 */
import { chromium, type Browser, type Page } from 'playwright-core';

import { findChromium } from '../../scripts/screenshots-chromium';

export const VIEWPORT = { width: 1440, height: 900 };

export class Editor {
	private constructor(
		private readonly browser: Browser,
		readonly page: Page,
		private readonly base: string,
	) {}

	static async open(base: string) {
		const browser = await chromium.launch({
			executablePath: findChromium(),
			// As root and on a machine without internet: no sandbox, no GPU, no calls home.
			args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
		});
		const page = await browser.newPage({ viewport: VIEWPORT, locale: 'en-US', timezoneId: 'UTC' });
		page.setDefaultTimeout(180_000); // the editor's first load can take a minute on 2 busy cores
		return new Editor(browser, page, base);
	}

	/** Opens a workflow's address, signs in where n8n asks to, and waits for its canvas. */
	async signInTo(workflowId: string, email: string, password: string) {
		await this.page.goto(`${this.base}/workflow/${workflowId}`);
		await this.page.fill('input[name=emailOrLdapLoginId]', email);
		await this.page.fill('input[name=password]', password);
		await this.page.click('[data-test-id="form-submit-button"]');
		await this.page.waitForSelector('[data-test-id="canvas-node"]');
		// Toasts come and go; they are not what a picture shows.
		await this.page.addStyleTag({ content: '.el-notification { display: none !important; }' });
	}

	/** The node panel, searched for `text`, once an item named `text` is in it. */
	async searchNodePanel(text: string) {
		await this.page.click('[data-test-id="node-creator-plus-button"]');
		await this.page.fill('[data-test-id="node-creator-search-bar"]', text);
		const panel = this.page.locator('[data-test-id="node-creator"]');
		await panel
			.locator('[data-test-id="node-creator-item-name"]')
			.getByText(text, { exact: true })
			.waitFor();
		return panel;
	}

	/**
	 * n8n's REST API with the editor's session: its cookie, and the browser id its client sends. A
	 * GET is sent again once on a reset connection (Playwright keeps connections alive, and n8n
	 * closes an idle one after 5 s); a POST is not.
	 */
	async rest(method: 'GET' | 'POST', path: string, data?: unknown): Promise<any> {
		const browserId = String(await this.page.evaluate('localStorage["n8n-browserId"]'));
		const response = await this.page.request.fetch(`${this.base}/rest${path}`, {
			method,
			headers: { 'browser-id': browserId },
			data,
			maxRetries: method === 'GET' ? 1 : 0,
		});
		if (!response.ok()) throw new Error(`${method} /rest${path}: ${response.status()}`);
		return (await response.json()).data;
	}

	async close() {
		await this.browser.close();
	}
}
