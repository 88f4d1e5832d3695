/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The end-to-end suites: every test/e2e/*.e2e.test.ts, each on the n8n lines its header names
 * (`@n8n-lines n8n-2 n8n-1`; without the tag, the default line n8n-2 only). A new file joins
 * `npm test` by being there; the tag is its one line to run on n8n 1.x too. Each suite runs in
 * its own jest process, with its own sandbox, side by side with the others, on the shared n8n
 * of its line and of the configuration its header names (`@n8n-config durable` or `queue`;
 * without the tag, `default`: e2e/n8n-configs.ts), or, with `@n8n-config own`, on an n8n it
 * starts itself (`npm run dev`). A suite that restarts its shared n8n says `@restarts-n8n`: it
 * has the n8n to itself first (e2e/n8n-host-state.ts). A suite that waits for the trigger's polls
 * says `@waits-for-ticks`: those start first, so their waits begin early and the suites that only
 * need CPU fill the time in between.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { checkConfig, type N8nConfig } from '../../e2e/n8n-configs';
import { N8N_LINES, type N8nLine } from '../../e2e/runtime-lines';

export const E2E_DIR = join('test', 'e2e');
const SUFFIX = '.e2e.test.ts';

export interface Suite {
	/** The file's name without `.e2e.test.ts` ("trigger"). */
	name: string;
	file: string;
	line: N8nLine;
	/** The shared n8n it runs on (`@n8n-config`), or `own`: an n8n of its own. */
	config: N8nConfig | 'own';
	/** The header says `@restarts-n8n`. */
	restarts: boolean;
	/** The header says `@waits-for-ticks`. */
	waitsForTicks: boolean;
}

/** The lines a suite's header names with `@n8n-lines`, checked against the lines there are. */
export function linesOf(text: string, file: string): N8nLine[] {
	const tag = /@n8n-lines\s+([^\n*]+)/.exec(text);
	if (!tag) return ['n8n-2'];
	const lines = tag[1].trim().split(/[\s,]+/);
	const unknown = lines.filter((line) => !(N8N_LINES as readonly string[]).includes(line));
	if (unknown.length || !lines.length)
		throw new Error(
			`${file}: @n8n-lines names ${unknown.join(', ') || 'no line'}; the lines are ${N8N_LINES.join(', ')}`,
		);
	return lines as N8nLine[];
}

/** The configuration a suite's header names with `@n8n-config` (`default` without the tag). */
export function configOf(text: string, file: string, line: N8nLine): N8nConfig | 'own' {
	const config = /@n8n-config\s+(\S+)/.exec(text)?.[1] ?? 'default';
	return config === 'own' ? 'own' : checkConfig(config, line, `${file}: @n8n-config`);
}

/** Every suite on every line it names, those that restart n8n first, then those that wait for ticks. */
export function e2eSuites(root: string): Suite[] {
	const files = readdirSync(join(root, E2E_DIR))
		.filter((file) => file.endsWith(SUFFIX))
		.sort()
		.map((file) => ({ file, text: readFileSync(join(root, E2E_DIR, file), 'utf8') }));
	const suites = N8N_LINES.flatMap((line) =>
		files
			.filter(({ file, text }) => linesOf(text, file).includes(line))
			.map(({ file, text }) => ({
				name: file.slice(0, -SUFFIX.length),
				file: join(E2E_DIR, file),
				line,
				config: configOf(text, file, line),
				restarts: /@restarts-n8n\b/.test(text),
				waitsForTicks: /@waits-for-ticks\b/.test(text),
			})),
	);
	const rank = (s: Suite) => (s.restarts ? 0 : s.waitsForTicks ? 1 : 2);
	return suites.sort((a, b) => rank(a) - rank(b)); // stable: each rank in file order
}
