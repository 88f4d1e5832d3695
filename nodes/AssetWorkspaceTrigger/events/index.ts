/** The trigger's events: adding one is a folder beside these, its import and a line in EVENTS. */
import type { INodeProperties, IPollFunctions } from 'n8n-workflow';

import { inputError } from '../../shared/errors/nodeErrors';
import { show } from '../../shared/validation';
import type { TriggerEvent } from '../polling/event';
import { asset } from './asset';
import { jobFinished } from './jobFinished';
import { modelVersion } from './modelVersion';
import { reportEveryNthFailure } from '../polling/failingPollsParameter';

const EVENTS: TriggerEvent[] = [asset, jobFinished, modelVersion];
/** Workflows from before the Event parameter watch jobs. */
const DEFAULT_EVENT = jobFinished;

export const triggerProperties: INodeProperties[] = [
	{
		displayName: 'Event',
		name: 'event',
		type: 'options',
		noDataExpression: true,
		required: true,
		// DEFAULT_EVENT's value, written out: n8n's scanner wants a literal default
		default: 'jobFinished',
		options: EVENTS.map(({ name, value, description }) => ({ name, value, description })),
	},
	...EVENTS.flatMap((event) =>
		event.parameters.map((parameter) => ({
			...(parameter.name === 'options' ? withFailingPolls(parameter) : parameter),
			displayOptions: { show: { event: [event.value] } },
		})),
	),
];

/** Every event's Options end with how often a poll that keeps failing says so. */
function withFailingPolls(options: INodeProperties): INodeProperties {
	return { ...options, options: [...(options.options ?? []), reportEveryNthFailure] };
}

const subtitles = Object.fromEntries(EVENTS.map((event) => [event.value, event.subtitle]));
export const triggerSubtitle = `={{ ${JSON.stringify(subtitles)}[$parameter["event"] || "${DEFAULT_EVENT.value}"] }}`;

/** The event the node watches; a value no event has (a workflow edited by hand) is refused. */
export function eventOf(ctx: IPollFunctions): TriggerEvent {
	const value = ctx.getNodeParameter('event', DEFAULT_EVENT.value);
	const event = EVENTS.find((known) => known.value === value);
	if (event) return event;
	const known = EVENTS.map((each) => each.value).join(', ');
	throw inputError(ctx.getNode(), `Event: ${show(value)} is not one of ${known}`, {
		description: 'Choose the Event again in the trigger.',
	});
}
