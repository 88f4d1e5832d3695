/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * `npm run screenshots` works: it takes the README's pictures again, from a real n8n in headless
 * Chromium, into a temporary folder. The script itself checks, before each picture, that the
 * editor shows what the picture is meant to show (every node of the chain green, the node's
 * parameters and output, the picker's assets, the trigger's watched runs); here we check that it
 * finished and wrote the same pictures that the README shows, as real PNGs of the viewport.
 * Here the script takes them in the shared n8n 2.x (`--n8n`), which serves the editor; run by a
 * person, it starts an n8n of its own.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { runtimeOf } from '../../e2e/runtime';
import { sharedN8n } from '../../e2e/shared-n8n';
import { MANIFEST, pngSize, type Manifest } from '../../scripts/screenshots-manifest';
import { ROOT, runScript, type ScriptResult } from '../harness/scripts';

const committed: Manifest = JSON.parse(
	readFileSync(join(ROOT, 'docs', 'images', MANIFEST), 'utf8'),
);

describe('npm run screenshots', () => {
	const out = mkdtempSync(join(tmpdir(), 'aw-shots-'));
	let result: ScriptResult;
	let manifest: Manifest;
	afterAll(() => rmSync(out, { recursive: true, force: true }));

	beforeAll(async () => {
		const n8n = sharedN8n({ line: 'n8n-2' });
		result = await runScript('scripts/screenshots.ts', ['--out', out, '--n8n', n8n.file]);
		manifest = JSON.parse(readFileSync(join(out, MANIFEST), 'utf8'));
	}, 25 * 60_000);

	test('finishes with every check passed, in n8n 2.x (the README shows that line)', () => {
		expect({
			code: result.code,
			stderr: result.code === 0 ? '' : result.stderr.slice(-3000),
		}).toEqual({ code: 0, stderr: '' });
		expect(manifest.n8n).toBe(runtimeOf('n8n-2').label);
		expect(manifest.chromium).toMatch(/^\d+\.\d+/);
	});

	test('writes the pictures the README shows, as PNGs of the whole viewport', () => {
		expect(manifest.shots.map((s) => [s.file, s.caption])).toEqual(
			committed.shots.map((s) => [s.file, s.caption]),
		);
		for (const shot of manifest.shots) {
			const png = readFileSync(join(out, shot.file));
			expect(pngSize(png)).toEqual(manifest.viewport);
			expect({ file: shot.file, sha256: createHash('sha256').update(png).digest('hex') }).toEqual({
				file: shot.file,
				sha256: shot.sha256,
			});
			expect(png.length).toBeGreaterThan(30_000); // a blank 1440x900 page compresses to a few kB
		}
	});
});
