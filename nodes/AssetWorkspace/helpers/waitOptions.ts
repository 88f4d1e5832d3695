// The options of waiting for a job: Asset > Execute and Job > Wait for Completion.
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { inputError } from '../../shared/errors/nodeErrors';
import { optional, optionalList } from './parameters';

export interface WaitOptions {
	timeoutSeconds: number;
	/** Terminal statuses that make the item fail. */
	failOn: string[];
}

export const waitOptions: INodeProperties[] = [
	{
		displayName: 'Timeout (Seconds)',
		name: 'timeout',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 3600,
		description:
			'How long to wait for the job to finish. When it passes, the item fails; the job keeps running on the service.',
	},
	{
		displayName: 'Fail On',
		name: 'failOn',
		type: 'multiOptions',
		default: ['failed'],
		description:
			'Which final states make the item fail (it then goes to the error output, carrying the job). Choose none to never fail on the outcome.',
		options: [
			{ name: 'Failed', value: 'failed' },
			{ name: 'Warning', value: 'warning' },
		],
	},
];

export function readWaitOptions(ctx: IExecuteFunctions, i: number): WaitOptions {
	const timeout = optional<unknown>(ctx, 'options.timeout', i, 3600);
	if (typeof timeout !== 'number' || !Number.isFinite(timeout) || timeout <= 0) {
		throw inputError(
			ctx.getNode(),
			`Timeout must be a number of seconds above 0, got '${String(timeout)}'`,
			{ itemIndex: i },
		);
	}
	return {
		timeoutSeconds: timeout,
		failOn: optionalList(ctx, 'options.failOn', i, ['failed']),
	};
}
