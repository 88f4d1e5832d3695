/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Guards: every import between this project's files goes one way. No file reaches itself again
 * through its relative imports (nodes/, credentials/, sandbox/, scripts/, e2e/, bench/, test/),
 * type-only imports included, so each part can be read from its dependencies upward. A regex
 * reads the imports (no TypeScript program): about 0.1 s.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const FOLDERS = ['nodes', 'credentials', 'sandbox', 'scripts', 'e2e', 'bench', 'test'];

function sourceFiles(folder: string): string[] {
	return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
		return entry.name.endsWith('.ts') ? [path] : [];
	});
}

/** The project files `file` imports or re-exports from, by relative path. */
function importsOf(file: string): string[] {
	const text = readFileSync(join(ROOT, file), 'utf8');
	const targets = [...text.matchAll(/(?:import|export)[^'"]*?from\s+'(\.[^']+)'/g)].map((m) =>
		normalize(join(dirname(file), m[1])),
	);
	return targets
		.flatMap((target) => [`${target}.ts`, join(target, 'index.ts')])
		.filter((candidate) => existsSync(join(ROOT, candidate)));
}

/** Each cycle of the import graph, as the files on it (Tarjan's strongly connected components). */
function cycles(graph: Map<string, string[]>): string[][] {
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const found: string[][] = [];
	const visit = (file: string) => {
		index.set(file, index.size);
		low.set(file, index.get(file)!);
		stack.push(file);
		for (const next of graph.get(file) ?? []) {
			if (!index.has(next)) {
				visit(next);
				low.set(file, Math.min(low.get(file)!, low.get(next)!));
			} else if (stack.includes(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
		}
		if (low.get(file) !== index.get(file)) return;
		const component = stack.splice(stack.indexOf(file));
		if (component.length > 1) found.push(component.sort());
	};
	for (const file of graph.keys()) if (!index.has(file)) visit(file);
	return found;
}

test('no two files import each other, directly or through others', () => {
	const files = FOLDERS.flatMap(sourceFiles);
	const graph = new Map(files.map((file) => [file, importsOf(file)]));
	expect(files.length).toBeGreaterThan(100);
	expect(cycles(graph).map((cycle) => cycle.map((file) => relative('.', file)))).toEqual([]);
});

test('the check finds a cycle when there is one', () => {
	const graph = new Map([
		['a.ts', ['b.ts']],
		['b.ts', ['c.ts']],
		['c.ts', ['a.ts']],
		['d.ts', ['a.ts']],
	]);
	expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
});
