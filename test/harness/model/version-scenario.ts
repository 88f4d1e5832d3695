/**
 * One model-checked story of the Model Version event: watched models that get new versions and
 * publish or unpublish them between and during polls, faults, answers in any order, restarts;
 * then quiet polls, and the promises (docs/trigger.md, "Model Version Created or Published"):
 * each new version fires "created" once, each change of the published version "published" once,
 * nothing from before the first reading (each that existed once, with Fire for What Exists).
 */
import fc from 'fast-check';

import type { N8nMode } from '../trigger';
import { clocksArb, faultArb, picksArb } from './arbitraries';
import type { Serve } from './in-process';
import { ModelTrigger } from './model-trigger';
import { SimNetwork } from './sim-network';
import { SimWorkspace, type SimVersion } from './sim-service';
import { World } from './world';

const KEY = 'aw_model_checker_key';
const T0 = Date.parse('2026-11-26T02:00:00Z');
const TICK_MS = 60_000;

const versionChange = fc.record({
	model: fc.nat({ max: 3 }),
	kind: fc.constantFrom('create', 'create-published', 'publish', 'unpublish'),
	pick: fc.nat({ max: 20 }),
	atMs: fc.oneof(fc.nat({ max: 100 }), fc.nat({ max: TICK_MS })),
});

export const versionScenarioArb = fc.record({
	models: fc.array(fc.record({ versions: fc.nat({ max: 4 }), published: fc.nat({ max: 5 }) }), {
		minLength: 1,
		maxLength: 4,
	}),
	emitExisting: fc.boolean(),
	clocks: clocksArb,
	first: fc.array(versionChange, { maxLength: 2 }),
	ticks: fc.array(
		fc.record({
			changes: fc.array(versionChange, { maxLength: 3 }),
			faults: fc.array(faultArb, { maxLength: 6 }),
			restart: fc.boolean(),
		}),
		{ minLength: 1, maxLength: 5 },
	),
	picks: picksArb,
	seed: fc.integer(),
});

export type VersionScenario = typeof versionScenarioArb extends fc.Arbitrary<infer T> ? T : never;

const modelId = (m: number) => `00000000-0000-4000-b000-${String(m).padStart(12, '0')}`;
const versionId = (m: number, n: number) =>
	`00000000-0000-4000-c${m}00-${String(n).padStart(12, '0')}`;

export async function versionStory(mode: N8nMode, s: VersionScenario, use: (serve: Serve) => void) {
	const world = new World(T0, s.picks, s.seed);
	const workspace = new SimWorkspace(s.clocks, 100);
	const network = new SimNetwork(world, workspace, [], KEY);
	use(network.serve);
	// Every published version of each model over time: [n8n time, version id or null]; and when
	// each version was made (those of the plan: long before).
	const publishedOver = new Map<string, Array<[number, string | null]>>();
	const madeAt = new Map<string, number>();
	const models = s.models.map((plan, m) => {
		const versions: SimVersion[] = Array.from({ length: plan.versions }, (_, n) => ({
			id: versionId(m, n + 1),
			versionNumber: n + 1,
			published: n + 1 === plan.published,
		}));
		workspace.models.set(modelId(m), versions);
		publishedOver.set(modelId(m), [[T0, versions.find((v) => v.published)?.id ?? null]]);
		return versions;
	});
	const apply = (change: VersionScenario['first'][0]) => {
		const m = change.model % models.length;
		const versions = models[m];
		const publish = (id: string | null) => {
			for (const v of versions) v.published = v.id === id;
			publishedOver.get(modelId(m))!.push([world.clock.now(), id]);
		};
		if (change.kind.startsWith('create')) {
			const n = versions.length + 1;
			versions.push({ id: versionId(m, n), versionNumber: n, published: false });
			madeAt.set(versionId(m, n), world.clock.now());
			if (change.kind === 'create-published') publish(versionId(m, n));
		} else if (change.kind === 'publish' && versions.length > 0)
			publish(versions[change.pick % versions.length].id);
		else if (change.kind === 'unpublish') publish(null);
		world.story.push(`${change.kind} on model ${m}`);
	};
	const schedule = (changes: VersionScenario['first'], from: number) => {
		for (const change of changes)
			world.schedule('version change', () => apply(change), from + change.atMs);
	};
	const trigger = new ModelTrigger(
		world,
		mode,
		{
			event: 'modelVersion',
			models: {
				model: s.models.map((_, m) => ({ assetId: { __rl: true, mode: 'id', value: modelId(m) } })),
			},
			options: { emitExisting: s.emitExisting },
		},
		KEY,
		30_000,
		'models',
	);
	schedule(s.first, T0);
	await trigger.activate();
	for (const [index, tick] of s.ticks.entries()) {
		const at = T0 + (index + 1) * TICK_MS;
		await world.passTo(at);
		network.plan(tick.faults);
		schedule(tick.changes, at);
		if (tick.restart) await trigger.restart();
		await trigger.poll();
	}
	network.faulty = false;
	await world.passTo(world.clock.now() + 2 * TICK_MS);
	for (let i = 0; i < 3; i++) {
		await trigger.poll('settle');
		await world.passTo(world.clock.now() + TICK_MS);
	}
	return {
		problems: versionProblems(s, models, publishedOver, madeAt, trigger, network),
		story: world.story,
		fired: trigger.fired.length,
	};
}

function versionProblems(
	s: VersionScenario,
	models: SimVersion[][],
	publishedOver: Map<string, Array<[number, string | null]>>,
	madeAt: Map<string, number>,
	trigger: ModelTrigger,
	network: SimNetwork,
) {
	const problems: string[] = [];
	const fired = trigger.fired as Array<Record<string, unknown>>;
	const kept = trigger.polls.filter((poll) => poll.remembered && !poll.error);
	models.forEach((versions, m) => {
		const id = modelId(m);
		// The model's first reading n8n kept: its first answer in a poll n8n remembered.
		const answered = network.log.find(
			(l) =>
				l.status === 200 &&
				l.path.endsWith(`${id}/model/versions`) &&
				kept.some((poll) => l.at >= poll.at && l.at <= poll.at + poll.durationMs),
		);
		const learntAt = answered?.at ?? Infinity;
		const poll = kept.find((p) => learntAt >= p.at && learntAt <= p.at + p.durationMs);
		const own = fired.filter((item) => item.assetId === id);
		const created = own.filter((i) => i.event === 'created').map((i) => Number(i.versionNumber));
		for (const v of versions) {
			const times = created.filter((n) => n === v.versionNumber).length;
			const made = madeAt.get(v.id) ?? -Infinity;
			// Made before the first reading: learnt (fired with Fire for What Exists); while it ran,
			// either way; after it, fired.
			const expected = s.emitExisting
				? [1]
				: made < (poll?.at ?? Infinity)
					? [0]
					: made <= learntAt
						? [0, 1]
						: [1];
			if (!expected.includes(times))
				problems.push(
					`model ${m} v${v.versionNumber}: created ${times} times, not ${expected.join(' or ')}`,
				);
		}
		const published = own.filter((i) => i.event === 'published').map((i) => String(i.versionId));
		const history = publishedOver.get(id)!;
		for (const version of published)
			if (!history.some(([, v]) => v === version))
				problems.push(`model ${m}: published ${version}, never published`);
		const last = history[history.length - 1][1];
		const atFirst = history.filter(([at]) => at <= learntAt).pop()?.[1] ?? null;
		const due = last !== null && (s.emitExisting || last !== atFirst);
		if (due && published[published.length - 1] !== last)
			problems.push(
				`model ${m}: ${last} is published, the last "published" fired is ${published[published.length - 1] ?? 'none'}`,
			);
	});
	for (const poll of trigger.polls.filter((p) => p.kind === 'settle' && p.error))
		problems.push(`a settling poll failed: ${poll.error}`);
	return problems;
}
