/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The headless Chromium that takes the README's pictures (npm run screenshots): which one, and
 * launched for a machine without internet, at the pictures' size.
 */
import { existsSync } from 'node:fs';

import { chromium } from 'playwright-core';

const BROWSERS = [
	'/usr/bin/chromium',
	'/usr/bin/chromium-browser',
	'/usr/bin/google-chrome',
	'/usr/bin/google-chrome-stable',
];
export const VIEWPORT = { width: 1440, height: 900 };

/** `explicit`, else CHROMIUM_PATH, else the first of BROWSERS that exists. */
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

export async function launchChromium(executablePath: string) {
	return await chromium.launch({
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
}
