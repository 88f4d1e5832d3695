/**
 * The names of a test file's tests and describe blocks, read from its source with TypeScript's
 * parser: the first argument of a call to `test`, `it` or `describe` (also `test.each(table)(…)`,
 * `test.concurrent(…)`), when it is written as a string; a template's `${…}` left as written.
 */
import * as ts from 'typescript';

const TEST_CALLS = new Set(['test', 'it', 'describe']);

/** The name a call starts from: `test` for test(…), test.each(table)(…), test.concurrent(…). */
function rootName(callee: ts.Expression): string | undefined {
	if (ts.isIdentifier(callee)) return callee.text;
	if (ts.isPropertyAccessExpression(callee) || ts.isCallExpression(callee))
		return rootName(callee.expression);
	return undefined;
}

export function testTitles(src: string): string[] {
	const file = ts.createSourceFile('titles.test.ts', src, ts.ScriptTarget.Latest, true);
	const titles: string[] = [];
	const visit = (node: ts.Node) => {
		if (ts.isCallExpression(node) && TEST_CALLS.has(rootName(node.expression) ?? '')) {
			const [title] = node.arguments;
			if (title && ts.isStringLiteralLike(title)) titles.push(title.text);
			else if (title && ts.isTemplateExpression(title))
				titles.push(title.getText(file).slice(1, -1));
		}
		ts.forEachChild(node, visit);
	};
	visit(file);
	return titles;
}
