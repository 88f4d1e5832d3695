/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * jest's globalSetup of an e2e project (jest.config.js): builds and packs the package once for
 * every suite (AW_PACKAGE_TARBALL), installs the project's n8n line when missing, and starts the
 * n8n its suites share (shared-n8n.ts), n8n 2.x with its editor on for the screenshots. The jest
 * workers inherit the variables set here. Its teardown: jest-shared-n8n-teardown.ts.
 */
import type { Config } from 'jest';

import { buildAndPack } from './install-package';
import { ensureRuntime, checkLine } from './runtime';
import { sharedVariable, startN8n, type OwnN8n } from './shared-n8n';

type Hosts = Map<string, OwnN8n>;
export const hosts = (): Hosts =>
	((globalThis as { awSharedN8n?: Hosts }).awSharedN8n ??= new Map());

export default async function setup(
	_global: Config,
	project: { globals: Record<string, unknown> },
) {
	const line = checkLine(String(project.globals.AW_N8N_LINE), 'the project global AW_N8N_LINE');
	process.env.AW_PACKAGE_TARBALL ??= buildAndPack();
	ensureRuntime(line);
	const n8n = await startN8n('default', { line, editor: line === 'n8n-2' });
	hosts().set(line, n8n);
	process.env[sharedVariable(line)] = n8n.file;
}
