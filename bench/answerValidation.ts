/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The validation of Return All of 10,000 assets, in-process: 100 pages of 100 of the sandbox's
 * assets, as the JSON text the node receives, read by the production answer-reading path
 * (readAnswer: JSON.parse, the key check, the schema), beside the same path with the code before
 * zod 4 (zod 3's schemas and the fast check schemaCheck.ts of BEFORE_ZOD_4, read from git) and
 * with zod 4's compiled object checks on and off (`jitless`). Each round reads the 100 pages once
 * with every variant, one after another (a busy machine slows them alike); each figure is the
 * median of ROUNDS rounds. "Validation" is a variant's time less the floor's (JSON.parse and the
 * key check alone).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as z from 'zod/v4-mini';

import { assetListSchema } from '../nodes/shared/schemas';
import { readAnswer } from '../nodes/shared/transport/request/answer';
import { mayHoldKey, redactJson } from '../nodes/shared/redact';
import { publicRoute } from '../sandbox/routes';
import { KEYS } from '../sandbox/seed';
import { Workspace } from '../sandbox/workspace';
import { OWNER } from '../test/harness/http';
import { log, median, printWhenRunAlone } from './measure';

/** The last commit with zod 3's schemas and schemaCheck.ts. */
export const BEFORE_ZOD_4 = '93577ff';
const ROOT = join(__dirname, '..');
const PAGES = 100;
const PAGE = 100;
const ROUNDS = 21;
const WARM_UP_ROUNDS = 3;

export interface ValidationRow {
	label: string;
	/** Median ms to read the 100 pages. */
	ms: number;
	/** The same less the floor's: the schema's share. */
	validationMs: number;
}

export interface AnswerValidation {
	assets: number;
	rounds: number;
	rows: ValidationRow[];
}

/** The 100 pages of the owner's listing, as the sandbox writes them. */
async function pageTexts(): Promise<string[]> {
	const workspace = new Workspace({ jobStepMs: 1000, generated: PAGES * PAGE });
	const texts: string[] = [];
	for (let offset = 0; texts.length < PAGES; offset += PAGE) {
		const query = new URLSearchParams(`limit=${PAGE}&offset=${offset}`);
		const path = '/api/public/v1/assets';
		const reply = await publicRoute(workspace, KEYS[0], 'GET', path, query, {} as IncomingMessage);
		texts.push(JSON.stringify(reply!.body));
	}
	return texts;
}

interface Zod3Schema {
	safeParse(value: unknown): { success: boolean };
}

/** zod 3's asset list schema and its fast check, as BEFORE_ZOD_4 had them. */
async function codeBeforeZod4() {
	const dir = mkdtempSync(join(tmpdir(), 'aw-before-zod4-'));
	try {
		symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
		for (const file of ['schemas.ts', 'schemaCheck.ts']) {
			const source = execFileSync('git', ['show', `${BEFORE_ZOD_4}:nodes/shared/${file}`], {
				cwd: ROOT,
			});
			writeFileSync(join(dir, file), source);
		}
		const { assetListSchema: schema } = (await import(join(dir, 'schemas.ts'))) as {
			assetListSchema: Zod3Schema;
		};
		const { checkOf } = (await import(join(dir, 'schemaCheck.ts'))) as {
			checkOf: (schema: Zod3Schema) => ((value: unknown) => boolean) | undefined;
		};
		return { schema, check: checkOf(schema)! };
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

/** JSON.parse and the key check, as readAnswer does them before the schema. */
const read = (text: string) => {
	const json = JSON.parse(text) as unknown;
	return mayHoldKey(text, OWNER) ? redactJson(json, OWNER) : json;
};

async function variants(): Promise<Array<[string, (text: string) => boolean]>> {
	const before = await codeBeforeZod4();
	const english = z.locales.en().localeError;
	const zod4 = (jitless: boolean) => (text: string) =>
		z.safeParse(assetListSchema, read(text), { error: english, jitless }).success;
	const context = { method: 'GET', status: 200, attempts: 1 };
	return [
		['JSON.parse and the key check alone (the floor)', (text) => read(text) !== undefined],
		[
			`before: schemaCheck.ts, then zod 3 (${BEFORE_ZOD_4})`,
			(text) => {
				const value = read(text);
				return before.check(value) || before.schema.safeParse(value).success;
			},
		],
		['zod 3 alone', (text) => before.schema.safeParse(read(text)).success],
		['zod 4 (zod/v4-mini), compiled object checks', zod4(false)],
		['zod 4 (zod/v4-mini), jitless', zod4(true)],
		[
			'now: readAnswer as the node reads an answer',
			(text) => 'data' in readAnswer(text, assetListSchema, OWNER, context),
		],
	];
}

export async function answerValidation(): Promise<AnswerValidation> {
	log(
		`The validation of Return All of ${(PAGES * PAGE).toLocaleString('en-US')} assets: zod 3, zod 4 and schemaCheck...`,
	);
	const texts = await pageTexts();
	const all = await variants();
	const samples = all.map((): number[] => []);
	for (let round = 0; round < WARM_UP_ROUNDS + ROUNDS; round++) {
		for (const [i, [label, readPage]] of all.entries()) {
			const started = performance.now();
			const valid = texts.filter(readPage).length;
			const ms = performance.now() - started;
			if (valid !== PAGES) throw new Error(`${label}: ${PAGES - valid} pages refused`);
			if (round >= WARM_UP_ROUNDS) samples[i].push(ms);
		}
	}
	const floor = median(samples[0]);
	return {
		assets: PAGES * PAGE,
		rounds: ROUNDS,
		rows: all.map(([label], i) => {
			const ms = median(samples[i]);
			return { label, ms, validationMs: Math.max(0, ms - floor) };
		}),
	};
}

printWhenRunAlone(module, () => answerValidation());
