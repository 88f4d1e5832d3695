// Execute's parameters as sent, checked before anything goes out (docs/running-and-waiting.md).
import type { IExecuteFunctions } from 'n8n-workflow';

import { inputError } from '../../shared/errors/nodeErrors';
import { requireParameters, show } from '../../shared/validation';
import { findInexactNumber } from './exactNumbers';
import { walkJsonText } from './jsonText';
import { optional } from './parameters';

/** The item's parameters, checked (undefined ones left out when the option says so). */
export function readParameters(ctx: IExecuteFunctions, i: number): Record<string, unknown> {
	const mode = optional<string>(ctx, 'specifyParameters', i, 'none');
	if (mode !== 'keypair' && mode !== 'json') return {};
	const written = mode === 'keypair' ? readPairs(ctx, i) : readJson(ctx, i);
	const leaveOut = optional<unknown>(ctx, 'options.omitUndefined', i, false) === true;
	const values =
		leaveOut && typeof written === 'object' && written !== null && !Array.isArray(written)
			? Object.fromEntries(Object.entries(written).filter(([, value]) => value !== undefined))
			: written;
	const field = mode === 'keypair' ? 'Parameters' : 'Parameters (JSON)';
	return requireParameters(ctx.getNode(), field, values, i);
}

/** Name/value pairs as an object; a name given twice is refused. */
function readPairs(ctx: IExecuteFunctions, i: number): Record<string, unknown> {
	const pairs = ctx.getNodeParameter('parameters.parameter', i, []) as Array<{
		name: string;
		value: unknown;
	}>;
	const parameters = new Map<string, unknown>();
	for (const { name, value } of pairs) {
		const key = String(name ?? '').trim();
		if (parameters.has(key))
			throw inputError(ctx.getNode(), `Parameters: the name ${show(key)} is given twice`, {
				itemIndex: i,
			});
		parameters.set(key, value);
	}
	// fromEntries makes own properties, so a name such as __proto__ is checked like any other.
	return Object.fromEntries(parameters);
}

/** A JSON text's first name given twice in one object, with its path. */
const repeatedName = (text: string) =>
	walkJsonText(text, (part) => (part.kind === 'name' && part.repeated ? part.path : undefined));

/** Parameters (JSON) as a value (an expression may give an object); its text read exactly. */
function readJson(ctx: IExecuteFunctions, i: number): unknown {
	const node = ctx.getNode();
	const raw = optional<unknown>(ctx, 'parametersJson', i, '');
	// A cleared field means no parameters, as {} does.
	if (typeof raw !== 'string') return raw;
	if (raw.trim() === '') return {};
	let value: unknown;
	try {
		value = JSON.parse(raw) as unknown;
	} catch (error) {
		throw inputError(node, `Parameters (JSON) is not valid JSON: ${show(raw)}`, {
			itemIndex: i,
			description: (error as Error).message,
		});
	}
	const repeated = repeatedName(raw);
	if (repeated !== undefined) {
		throw inputError(node, `Parameters (JSON): the name ${show(repeated)} is given twice`, {
			itemIndex: i,
			description: 'Nothing was sent: JSON would keep only the last value. Give each name once.',
		});
	}
	const inexact = findInexactNumber(raw);
	if (inexact) {
		throw inputError(
			node,
			`Parameters (JSON): ${inexact.path} is ${inexact.written}, which a JSON number cannot carry exactly (it would be sent as ${inexact.sent})`,
			{
				itemIndex: i,
				description: `Nothing was sent. Send it as text instead: "${inexact.written}" in quotes (or round it yourself).`,
			},
		);
	}
	return value;
}
