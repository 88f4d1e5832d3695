/**
 * The Asset event's promises as invariants over one model-checked run (docs/trigger.md, "Asset
 * Created or Updated"): each change fires once, nothing that never was, nothing from before the
 * first reading (Fire for What Exists off), each asset that existed then once (on), each removal
 * once (Fire for Removed Assets on); with exactly the allowances the docs state.
 */
import { timeOf } from '../../../nodes/AssetWorkspaceTrigger/polling/times';
import { MAX_CLOCK_SKEW_MS } from '../../../nodes/shared/transport/policy/serviceClock';
import type { ModelPoll } from './model-trigger';
import type { Served } from './sim-network';
import { collate, type Collation } from './name-order';
import type { ServiceClocks } from './sim-service';
import type { History } from './workspace-changes';

export interface AssetRun {
	options: { emitExisting: boolean; removed: boolean };
	pageSize: number;
	/** An asset whose own request never answers: its removal is never confirmed. */
	stuck?: string;
	/** Requests for assets that are gone never answer: no removal is ever confirmed. */
	goneHangs?: boolean;
	/** The service's collation: which names it may serve in any order. */
	collation: Collation;
	folderId?: string;
	clocks: ServiceClocks;
	/** `learning`: the poll found no state of the event; `remembered`: n8n kept what it learnt. */
	polls: Array<ModelPoll & { learning: boolean; remembered: boolean }>;
	log: Served[];
	history: History;
	end: number;
	/** The ids in scope at the end, with their updatedAt (service ms). */
	final: Map<string, number>;
}

/** The `Date` as the node reads it, minus the service's clock: 0 for the service's own. */
function dateSkew(clocks: ServiceClocks): number {
	const { date, skewMs } = clocks;
	if (date.kind === 'service') return 0;
	if (date.kind === 'proxy' && Math.abs(skewMs + date.skewMs) <= MAX_CLOCK_SKEW_MS)
		return date.skewMs;
	// Ignored: n8n's own clock stands in.
	return -skewMs;
}

export function assetProblems(run: AssetRun): string[] {
	const problems: string[] = [];
	const { history, clocks, polls } = run;
	const inScope = (asset?: { folderId: string | null; internal?: boolean }) =>
		asset !== undefined &&
		!asset.internal &&
		(run.folderId === undefined || asset.folderId === run.folderId);
	// The first reading n8n kept began with the last poll that found no state of the event.
	const firstIndex = polls.reduce((last, poll, i) => (poll.learning ? i : last), 0);
	const first = polls[firstIndex];
	const activation = first.at + clocks.skewMs;
	const served = (poll: ModelPoll) =>
		run.log.filter((l) => l.at >= poll.at && l.at <= poll.at + poll.durationMs);
	const readFirst = new Set(served(first).flatMap((l) => l.ids ?? []));
	const firstEnded = readToTheEnd(served(first), run.collation);
	const skew = dateSkew(clocks);
	// A change this close to the first reading may count on either side (the Date's second, the
	// first poll's own span, a Date that runs ahead).
	const unclear = (u: number) =>
		u > activation - 1000 && u <= activation + Math.max(0, skew) + first.durationMs + 1000;

	const items = polls.slice(firstIndex).flatMap((poll) => poll.items);
	const changes = items.filter((i) => i.event === 'created' || i.event === 'updated');
	const seen = new Set<string>();
	for (const item of changes) {
		const id = String(item.id);
		const u = timeOf(String(item.updatedAt))!;
		const key = `${id} ${u}`;
		if (seen.has(key))
			problems.push(`fired twice: ${item.event} ${item.name} (${id}) at ${item.updatedAt}`);
		seen.add(key);
		const states = history.during(id, 0, run.end).map((s) => s.asset);
		if (!states.some((s) => s && s.updatedAt === u && inScope(s)))
			problems.push(
				`fired ${item.event} ${id} at ${item.updatedAt}, a state it never had in scope`,
			);
		// Before the first reading: only as the docs allow (the Date's second and the first poll's
		// span; pages a first reading that spans polls did not reach are told on the Date alone).
		const before = u <= activation && !unclear(u);
		const toldOnTheDate =
			!firstEnded && !readFirst.has(id) && u > activation + Math.min(0, skew) - 2000;
		if (!run.options.emitExisting && before && !toldOnTheDate)
			problems.push(`fired ${item.event} ${item.name} (${id}), changed before the first reading`);
	}
	const created = changes.filter((i) => i.event === 'created').map((i) => String(i.id));
	// Once; and once more each time it came back after its removal fired (docs: "Removals").
	const count = (event: string, id: string) =>
		items.filter((i) => i.event === event && String(i.id) === id).length;
	const createdTwice = [...new Set(created)].filter(
		(id) => count('created', id) > 1 + count('removed', id),
	);
	if (createdTwice.length) problems.push(`created fired twice for ${createdTwice.join(', ')}`);

	// Each change after the first reading fires once: the last value of every asset in scope.
	for (const [id, u] of run.final) {
		const due = !unclear(u) && (run.options.emitExisting || u > activation);
		if (due && !seen.has(`${id} ${u}`))
			problems.push(`never fired ${id} at ${new Date(u).toISOString()}`);
	}
	if (run.options.emitExisting) {
		for (const id of history.ids()) {
			const states = history.during(id, first.at, run.end).map((s) => s.asset);
			const before = history.during(id, first.at, first.at)[0];
			const name = before && before.at < first.at ? before.asset?.name : undefined;
			const stable = states.every((s) => inScope(s) && s!.name === name);
			if (name !== undefined && stable && !created.includes(id))
				problems.push(`existing ${id} never fired created`);
		}
	}
	if (run.options.removed)
		problems.push(...removalProblems(run, polls.slice(firstIndex), items, inScope));
	problems.push(...failedForAWait(polls, served));
	return problems;
}

/**
 * A poll the service only asked to wait (429s with a Retry-After the node waits for, every other
 * answer fine) does not fail for want of time, however much of it the waits took (docs: "Rate
 * limits"): it ends quietly.
 */
function failedForAWait(polls: AssetRun['polls'], served: (poll: ModelPoll) => Served[]) {
	return polls.flatMap((poll, n) => {
		const met = served(poll).map((answer) => answer.fault ?? 'ok');
		const onlyAskedToWait = met.includes('429') && met.every((f) => f === 'ok' || f === '429');
		return poll.error?.includes('[timed out]') && onlyAskedToWait
			? [`poll ${n + 1} failed (${poll.error}) though the service only asked it to wait`]
			: [];
	});
}

/**
 * Whether `pages` (in the order they were served) hold a whole reading: the page at offset 0, then
 * pages that each hold, right after a name the service sorts apart from it, a name already read,
 * to one that ends the listing (the docs' rule, with the service's own collation).
 */
function readToTheEnd(pages: Served[], collation: Collation): boolean {
	const read = new Set<string>();
	for (const page of pages) {
		const names = page.names;
		if (!names) continue;
		const joins = names.some(
			(name, i) => i > 0 && collate(collation, names[i - 1], name) !== 0 && read.has(name),
		);
		if (page.offset !== 0 && !joins) continue;
		for (const name of names) read.add(name);
		if (page.last) return true;
	}
	return false;
}

function removalProblems(
	run: AssetRun,
	polls: AssetRun['polls'],
	items: Array<Record<string, unknown>>,
	inScope: (asset?: { folderId: string | null; internal?: boolean }) => boolean,
): string[] {
	const problems: string[] = [];
	const removed = items.filter((i) => i.event === 'removed').map((i) => String(i.id));
	// Once per time it left the scope (moved out and back in, it can leave again).
	for (const id of new Set(removed)) {
		const states = run.history.during(id, 0, run.end).map((s) => inScope(s.asset));
		const exits = states.filter((now, i) => i > 0 && states[i - 1] && !now).length;
		const fired = removed.filter((other) => other === id).length;
		if (fired > exits)
			problems.push(`removed fired ${fired} times for ${id}, which left ${exits} times`);
	}
	// Seen by a whole reading n8n kept: a poll that read the listing from its start to its end with
	// the asset there, under one name, all along.
	const listed = new Set<string>();
	for (const poll of polls.filter((p) => p.remembered && !p.error)) {
		const end = poll.at + poll.durationMs;
		const pages = run.log.filter((l) => l.at >= poll.at && l.at <= end);
		if (!readToTheEnd(pages, run.collation)) continue;
		for (const id of run.history.ids()) {
			const during = run.history.during(id, poll.at, end);
			const states = during.map((s) => s.asset);
			const throughout = during[0]?.at <= poll.at;
			if (throughout && states.every((s) => inScope(s) && s!.name === states[0]!.name))
				listed.add(id);
		}
	}
	for (const id of listed) {
		const gone = !run.final.has(id) && id !== run.stuck && !run.goneHangs;
		if (gone && !removed.includes(id))
			problems.push(`${id} was listed, is gone, never fired removed`);
	}
	for (const id of removed) {
		const states = run.history.during(id, 0, run.end).map((s) => s.asset);
		if (!states.some((s) => !inScope(s))) problems.push(`fired removed for ${id}, never gone`);
	}
	return problems;
}
