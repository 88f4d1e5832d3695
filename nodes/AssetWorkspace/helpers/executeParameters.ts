/**
 * Execute's parameters as sent: name/value pairs or a JSON object, every name checked, and no
 * number that JSON would change (see exactNumbers.ts). Read before anything is sent.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { operationError } from '../../shared/errors';
import { requireParameters, show } from '../../shared/validation';
import { findInexactNumber } from './exactNumbers';
import { optional } from './parameters';

export function readParameters(ctx: IExecuteFunctions, i: number): Record<string, unknown> {
	const node = ctx.getNode();
	const mode = optional<string>(ctx, 'specifyParameters', i, 'none');
	if (mode === 'keypair') {
		const pairs = ctx.getNodeParameter('parameters.parameter', i, []) as Array<{
			name: string;
			value: unknown;
		}>;
		const parameters = new Map<string, unknown>();
		for (const { name, value } of pairs) {
			const key = String(name ?? '').trim();
			if (parameters.has(key))
				throw operationError(node, `Parameters: the name ${show(key)} is given twice`, {
					itemIndex: i,
				});
			parameters.set(key, value);
		}
		// fromEntries makes own properties, so a name such as __proto__ is checked like any other.
		return requireParameters(node, 'Parameters', Object.fromEntries(parameters), i);
	}
	if (mode === 'json') {
		const raw = optional<unknown>(ctx, 'parametersJson', i, '');
		// A cleared field means no parameters, as {} does.
		if (typeof raw === 'string' && raw.trim() === '') return {};
		let value = raw;
		if (typeof raw === 'string') {
			try {
				value = JSON.parse(raw) as unknown;
			} catch (error) {
				throw operationError(node, `Parameters (JSON) is not valid JSON: ${show(raw)}`, {
					itemIndex: i,
					description: (error as Error).message,
				});
			}
			const inexact = findInexactNumber(raw);
			if (inexact) {
				throw operationError(
					node,
					`Parameters (JSON): ${inexact.path} is ${inexact.written}, which a JSON number cannot carry exactly (it would be sent as ${inexact.sent})`,
					{
						itemIndex: i,
						description: `Nothing was sent. Send it as text instead: "${inexact.written}" in quotes (or round it yourself).`,
					},
				);
			}
		}
		return requireParameters(node, 'Parameters (JSON)', value, i);
	}
	return {};
}
