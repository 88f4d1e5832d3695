/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Lints the built descriptions as n8n's lint would read them in source. The lint rules read object
 * literals, so a description built by a function (a locator helper with overrides, say) slips past
 * `npm run lint`. Here each class named in package.json's `n8n` section is loaded from the package
 * (by path, as n8n loads it), its description taken as n8n sees it (every property resolved),
 * written out as a TypeScript class whose description is the literal value, and linted with
 * `n8n-node lint`'s own config (@n8n/node-cli/eslint), inline disables ignored.
 */
import {
	cpSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { ESLint, type Linter } from 'eslint';

/**
 * `n8n-node lint`'s own config. @n8n/node-cli offers it only through its package exports, which
 * TypeScript's `moduleResolution: node` (tsconfig.json) cannot follow, hence the plain require.
 */
const { config } = createRequire(__filename)('@n8n/node-cli/eslint') as {
	config: Linter.Config[];
};

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * A value as a JavaScript literal with bare keys where a key is an identifier (the rules match
 * `required: false`, not `"required": false`). A function cannot be written out, so it is an error.
 */
function literal(value: unknown, path: string, indent = '\t'): string {
	if (typeof value === 'function') throw new Error(`${path} is a function: it cannot be linted`);
	if (value === undefined) return 'undefined';
	if (value === null || typeof value !== 'object') return JSON.stringify(value);
	const inner = `${indent}\t`;
	if (Array.isArray(value)) {
		if (value.length === 0) return '[]';
		const items = value.map((v, i) => `${inner}${literal(v, `${path}[${i}]`, inner)},`);
		return `[\n${items.join('\n')}\n${indent}]`;
	}
	const entries = Object.entries(value).filter(([, v]) => v !== undefined);
	if (entries.length === 0) return '{}';
	const lines = entries.map(([k, v]) => {
		const key = IDENTIFIER.test(k) ? k : JSON.stringify(k);
		return `${inner}${key}: ${literal(v, `${path}.${k}`, inner)},`;
	});
	return `{\n${lines.join('\n')}\n${indent}}`;
}

/** A node class as source: `description` is the built description, as a literal. */
function nodeSource(className: string, description: unknown): string {
	return `export class ${className} implements INodeType {\n\tdescription: INodeTypeDescription = ${literal(description, 'description')};\n}\n`;
}

/**
 * A credential class as source: its own fields as literals. Its methods (`authenticate`) are code,
 * not description, and are linted in the repository's own source.
 */
function credentialSource(className: string, credential: object): string {
	const fields = Object.entries(credential)
		.filter(([, v]) => v !== undefined)
		.map(([k, v]) => `\t${k} = ${literal(v, k)};`);
	return `export class ${className} implements ICredentialType {\n${fields.join('\n\n')}\n}\n`;
}

/**
 * Writes each built class of the package in `packageDir` as source into `outDir`, at its package
 * path without `dist/` (nodes/X/X.node.ts), beside copies of its icons and codex; returns the files.
 */
function writeDescriptions(packageDir: string, outDir: string): string[] {
	const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
	const load = createRequire(resolve(packageDir, 'package.json'));
	const written: string[] = [];
	const kinds: Array<['nodes' | 'credentials', string[]]> = [
		['nodes', pkg.n8n?.nodes ?? []],
		['credentials', pkg.n8n?.credentials ?? []],
	];
	for (const [kind, paths] of kinds) {
		for (const path of paths) {
			// n8n's loader: the class named like the file (X.node.js exports X), constructed on its own.
			const className = basename(path).split('.')[0];
			const Class = load(resolve(packageDir, path))[className] as new () => { description: object };
			const instance = new Class();
			const file = path.replace(/^dist\//, '').replace(/\.js$/, '.ts');
			const from = join(packageDir, dirname(path));
			mkdirSync(join(outDir, dirname(file)), { recursive: true });
			for (const asset of readdirSync(from).filter((f) => /\.(svg|png|json)$/.test(f)))
				cpSync(join(from, asset), join(outDir, dirname(file), asset));
			const source =
				kind === 'nodes'
					? nodeSource(className, instance.description)
					: credentialSource(className, instance);
			writeFileSync(join(outDir, file), source);
			written.push(file);
		}
	}
	return written;
}

/**
 * Rules that read how the source spells a value, which a built description cannot show: they stay
 * in `npm run lint` over the source.
 * - node-connection-type-literal: the source writes `NodeConnectionTypes.Main`, which is the string
 *   'main' once built, so every built description would be flagged.
 */
const SOURCE_ONLY_RULES = { '@n8n/community-nodes/node-connection-type-literal': 'off' } as const;

export async function lintDescriptions(
	packageDir: string,
): Promise<{ errors: number; warnings: number; report: string; files: string[] }> {
	const outDir = mkdtempSync(join(tmpdir(), 'aw-described-'));
	try {
		const files = writeDescriptions(packageDir, outDir);
		cpSync(join(packageDir, 'package.json'), join(outDir, 'package.json'));
		const eslint = new ESLint({
			cwd: outDir,
			allowInlineConfig: false,
			overrideConfigFile: true,
			overrideConfig: [...config, { files: ['**/*.ts'], rules: SOURCE_ONLY_RULES }],
		});
		const results = await eslint.lintFiles(files);
		const formatter = await eslint.loadFormatter('stylish');
		return {
			errors: results.reduce((n, r) => n + r.errorCount, 0),
			warnings: results.reduce((n, r) => n + r.warningCount, 0),
			report: (await formatter.format(results)).replaceAll(outDir, ''),
			files,
		};
	} finally {
		rmSync(outDir, { recursive: true, force: true });
	}
}

/**
 * `tsx scripts/lint-descriptions.ts <unpacked package dir>...`: prints one lint per package as a
 * JSON array (one process: loading ESLint and the rules is most of the time); exit status 1 on
 * errors.
 */
if (require.main === module) {
	(async () => {
		const results = [];
		for (const dir of process.argv.slice(2)) results.push(await lintDescriptions(dir));
		return results;
	})().then(
		(results) => {
			process.stdout.write(`${JSON.stringify(results)}\n`);
			process.exit(results.some((r) => r.errors > 0) ? 1 : 0);
		},
		(error: unknown) => {
			process.stderr.write(`lint-descriptions: ${String(error)}\n`);
			process.exit(2);
		},
	);
}
