/** One poll of the Model Version event: one request per watched model, its state written last. */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { failureOf } from '../../../shared/errors/cause';
import { operationError } from '../../../shared/errors/nodeErrors';
import { versionListSchema, type VersionSummary } from '../../../shared/schemas';
import { askWithin, failIfThePollFails, isForbidden } from '../../polling/askWithin';
import type { PollWindowed } from '../../polling/event';
import { readModelsState, writeModelsState } from './state';
import { observeUnreadableModel, observeVersions, type VersionEvent } from './watch';
import { askOrder } from '../../polling/watchList';

const MODELS_AT_ONCE = 8;

export interface ModelPoll extends PollWindowed {
	models: string[];
	emitExisting: boolean;
}

async function askModels(ctx: IPollFunctions, poll: ModelPoll, models: string[]) {
	return await askWithin<VersionSummary[]>(ctx, poll, models, MODELS_AT_ONCE, async (assetId) => {
		const answer = await poll.api.requestOrNotFound({
			method: 'GET',
			path: ['assets', assetId, 'model', 'versions'],
			schema: versionListSchema,
			until: poll.until,
		});
		return answer && answer.data.versions;
	});
}

const summary = (version: Partial<VersionSummary>) => ({
	versionId: version.id,
	versionNumber: version.versionNumber,
	...(version.comment !== undefined ? { comment: version.comment } : {}),
});

export function versionItem(event: VersionEvent): IDataObject {
	const { id, ...fields } = event.version;
	return {
		event: event.event,
		assetId: event.assetId,
		versionId: id,
		...fields,
		...(event.event === 'published'
			? { previousPublished: event.previousPublished ? summary(event.previousPublished) : null }
			: {}),
	} as IDataObject;
}

function unreadableItem(assetId: string, kind: 'notFound' | 'forbidden'): IDataObject {
	const why =
		kind === 'notFound'
			? 'answers 404: it is no model, does not exist, or this API key cannot read it'
			: 'answers 403: this API key may not read it';
	const message = `Model ${assetId} ${why}. It is reported once and still watched.`;
	return { event: kind, assetId, [kind]: true, message };
}

export async function pollVersions(ctx: IPollFunctions, poll: ModelPoll) {
	const staticData = ctx.getWorkflowStaticData('node');
	const state = readModelsState(staticData);
	const answers = await askModels(ctx, poll, askOrder(state, poll.models));
	await failIfThePollFails(poll, answers);
	const fired: INodeExecutionData[] = [];
	const now = poll.now();
	for (const answer of answers) {
		if (answer.value) {
			for (const event of observeVersions(state, answer.id, answer.value, poll.emitExisting)) {
				fired.push({ json: versionItem(event) });
			}
		} else {
			const kind = answer.notFound ? 'notFound' : isForbidden(answer) ? 'forbidden' : undefined;
			if (kind && observeUnreadableModel(state, answer.id, kind)) {
				fired.push({ json: unreadableItem(answer.id, kind) });
			}
		}
		if (state[answer.id]) state[answer.id].askedAt = now;
	}
	writeModelsState(staticData, state, poll.models);
	return fired.length > 0 ? [fired] : null;
}

/** Fetch Test Event, changing nothing: each model's newest version, or its published one. */
export async function sampleVersions(ctx: IPollFunctions, poll: ModelPoll, wanted: string[]) {
	const answers = await askModels(ctx, poll, poll.models);
	const sample = answers.flatMap((answer) => {
		const versions = [...(answer.value ?? [])].sort((a, b) => b.versionNumber - a.versionNumber);
		const published = versions.find((v) => v.published);
		const event: VersionEvent | undefined =
			!wanted.includes('created') && published
				? { event: 'published', assetId: answer.id, version: published, previousPublished: null }
				: versions[0] && { event: 'created', assetId: answer.id, version: versions[0] };
		return event ? [{ json: versionItem(event) }] : [];
	});
	if (sample.length > 0) return [sample];
	throw (
		answers.find((a) => a.error)?.error ??
		operationError(
			ctx.getNode(),
			'None of the watched models has a version this API key can read',
			{
				failure: failureOf({ status: 404 }),
			},
		)
	);
}
