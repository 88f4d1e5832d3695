/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * n8n-workflow runs the regular expressions that check parameters (a resource locator's id, for
 * one) in a `vm` with a 250 ms watchdog (its safe-regex.ts). A busy machine can hold a test
 * process off the CPU for longer, and a valid parameter then fails with "Regular expression
 * execution timed out" (seen under load, never on a quiet machine). The tests run the same kind
 * of engine with a 10 s watchdog: still a guard against a runaway expression, no longer a test
 * of how busy the machine is. No node of ours depends on the watchdog.
 */
import { setSafeRegexEngine, type RegexEngine } from 'n8n-workflow';
import { createContext, Script } from 'node:vm';

const WATCHDOG_MS = 10_000;

const context = {
	pattern: '',
	flags: '',
	input: '',
	replacement: '',
	result: undefined as unknown,
};
const sandbox = createContext(context);
const script = (expression: string) => new Script(`result = ${expression}`);
const scripts = {
	exec: script('new RegExp(pattern, flags).exec(input)'),
	test: script('new RegExp(pattern, flags).test(input)'),
	replace: script('input.replace(new RegExp(pattern, flags), replacement)'),
	matchAll: script('Array.from(input.matchAll(new RegExp(pattern, flags)))'),
	split: script('input.split(new RegExp(pattern, flags))'),
};

function run<T>(name: keyof typeof scripts, values: Partial<typeof context>): T {
	Object.assign(context, { flags: '', replacement: '', ...values, result: undefined });
	try {
		scripts[name].runInContext(sandbox, { timeout: WATCHDOG_MS });
	} catch (error) {
		if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT')
			throw new Error('Regular expression execution timed out');
		throw error;
	}
	return context.result as T;
}

const patientEngine: RegexEngine = {
	exec: (pattern, input, flags) => run('exec', { pattern, input, flags }),
	test: (pattern, input, flags) => run('test', { pattern, input, flags }),
	replace: (pattern, input, flags, replacement) =>
		run('replace', { pattern, input, flags, replacement }),
	matchAll: (pattern, input, flags = '') =>
		run('matchAll', { pattern, input, flags: flags.includes('g') ? flags : `${flags}g` }),
	split: (pattern, input, flags) => run('split', { pattern, input, flags }),
};

/** Installs the engine for every test that loads the harness. */
export function useThePatientRegexEngine() {
	setSafeRegexEngine(patientEngine);
}
