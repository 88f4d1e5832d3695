/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The pictures npm run screenshots takes, and screenshots.json, the manifest beside them: each
 * PNG's caption, size and SHA-256, the n8n and Chromium that took them.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';

import type { Page } from 'playwright-core';

import type { VIEWPORT } from './screenshots-chromium';

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

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(png: Buffer): { width: number; height: number } {
	if (png.subarray(1, 4).toString('latin1') !== 'PNG') throw new Error('not a PNG');
	return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** Writes what `page` shows to `out`/`file`, once its transitions have settled. */
export async function takeShot(page: Page, out: string, file: string, caption: string) {
	await page.waitForTimeout(800); // let transitions settle
	const png = await page.screenshot({ path: join(out, file) });
	return {
		file,
		caption,
		...pngSize(png),
		sha256: createHash('sha256').update(png).digest('hex'),
	} satisfies Shot;
}
