/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The project's size figures (`npx tsx scripts/sizes.ts` prints them; test/tooling/structure/
 * sizes.test.ts holds the limits): lines of code per folder, the machinery around the tests, the
 * longest functions of the product (nodes/, credentials/) and the lengths of the guides.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export const ROOT = join(__dirname, '..');
const CODE = /\.(ts|js|mts|mjs|sh)$/;

/** Every code file under `dir` (node_modules and the n8n runtimes left out). */
export function codeFiles(dir: string): string[] {
	const path = join(ROOT, dir);
	if (!statSync(path, { throwIfNoEntry: false })?.isDirectory()) return CODE.test(dir) ? [dir] : [];
	return readdirSync(path, { withFileTypes: true }).flatMap((entry) => {
		if (['node_modules', 'runtimes'].includes(entry.name)) return [];
		const child = join(dir, entry.name);
		return entry.isDirectory() ? codeFiles(child) : CODE.test(entry.name) ? [child] : [];
	});
}

export const lines = (file: string) =>
	readFileSync(join(ROOT, file), 'utf8').split('\n').length - 1;
export const linesIn = (...dirs: string[]) =>
	dirs.flatMap(codeFiles).reduce((sum, file) => sum + lines(file), 0);

/** What runs and supervises the tests: e2e/, the test runner, test/tooling/ and jest's hooks. */
export const MACHINERY = [
	'e2e',
	'scripts/test.sh',
	'test/tooling',
	'test/harness/esbuild-transform.js',
	'jest.config.js',
];
/** The folders the machinery lives among (moving code between them does not shrink it). */
export const AROUND = ['e2e', 'scripts', 'test/harness', 'test/tooling'];

export interface FunctionLength {
	where: string;
	name: string;
	lines: number;
}

/** Every function, method and arrow function of a TypeScript file, with its length in lines. */
export function functionLengths(file: string): FunctionLength[] {
	const source = ts.createSourceFile(
		file,
		readFileSync(join(ROOT, file), 'utf8'),
		ts.ScriptTarget.ES2022,
		true,
	);
	const found: FunctionLength[] = [];
	const visit = (node: ts.Node) => {
		if (ts.isFunctionLike(node) && 'body' in node && node.body) {
			const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
			const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
			const named =
				(node as { name?: ts.Node }).name ??
				(ts.isVariableDeclaration(node.parent) ? node.parent.name : undefined);
			found.push({
				where: `${file}:${start + 1}`,
				name: named?.getText(source) ?? '(anonymous)',
				lines: end - start + 1,
			});
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

/** The product's functions, longest first. */
export const productFunctions = () =>
	['nodes', 'credentials']
		.flatMap(codeFiles)
		.filter((file) => file.endsWith('.ts'))
		.flatMap(functionLengths)
		.sort((a, b) => b.lines - a.lines);

export const GUIDES = ['README.md', 'docs/development.md', 'CHANGELOG.md'];

if (require.main === module) {
	const print = (line: string) => process.stdout.write(`${line}\n`);
	const folders = [
		'nodes',
		'credentials',
		'e2e',
		'scripts',
		'test/harness',
		'test/tooling',
		'sandbox',
		'bench',
		'test',
	];
	for (const folder of folders) print(`${folder.padEnd(14)} ${linesIn(folder)} lines`);
	print(`machinery (${MACHINERY.join(', ')}): ${linesIn(...MACHINERY)} lines`);
	print(`${AROUND.join(' + ')}: ${linesIn(...AROUND)} lines`);
	print('longest product functions:');
	for (const fn of productFunctions().slice(0, 8))
		print(`  ${String(fn.lines).padStart(3)}  ${fn.name}  ${relative('.', fn.where)}`);
	for (const guide of GUIDES) print(`${guide.padEnd(20)} ${lines(guide)} lines`);
}
