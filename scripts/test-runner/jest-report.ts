/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * What a step's jest JSON report (`--json --outputFile=…`) says: its test counts, and each failed
 * test's name and message for the runner's closing note.
 */
import { existsSync, readFileSync } from 'node:fs';

export interface Counts {
	total: number;
	passed: number;
	failed: number;
	skipped: number;
}

/** The counts from the jest report `jsonFile`, when there is one. */
export function countsIn(jsonFile: string): Counts | undefined {
	if (!existsSync(jsonFile)) return undefined;
	const report = JSON.parse(readFileSync(jsonFile, 'utf8'));
	return {
		total: report.numTotalTests,
		passed: report.numPassedTests,
		failed: report.numFailedTests,
		skipped: report.numPendingTests + report.numTodoTests,
	};
}

/** Each failed test's name and message (a file that failed to run: its message), when any. */
export function failuresIn(jsonFile: string): string | undefined {
	if (!existsSync(jsonFile)) return undefined;
	const report = JSON.parse(readFileSync(jsonFile, 'utf8'));
	const failed = report.testResults.flatMap((file: any) => [
		...(file.assertionResults.length ? [] : [`${file.name}: ${file.message}`]),
		...file.assertionResults
			.filter((test: any) => test.status === 'failed')
			.map((test: any) => `● ${test.fullName}\n${withoutJest(test.failureMessages.join('\n'))}`),
	]);
	return failed.length ? failed.map((text: string) => clip(text, 60)).join('\n\n') : undefined;
}

/** A failure message without the stack frames inside node_modules (jest's own, mostly). */
const withoutJest = (text: string) =>
	text
		.split('\n')
		.filter((line) => !/^\s+at .*node_modules/.test(line))
		.join('\n');
const clip = (text: string, lines: number) => {
	const all = text.trimEnd().split('\n');
	return all.length <= lines ? all.join('\n') : [...all.slice(0, lines), '  [...]'].join('\n');
};
