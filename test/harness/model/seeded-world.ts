/** A generated run's start: its world at `start`, its workspace seeded and recorded just before. */
import { SimWorkspace, type ServiceClocks } from './sim-service';
import {
	History,
	placeCluster,
	placeInternal,
	recordAll,
	seedAssets,
	type Cluster,
	type Internal,
} from './workspace-changes';
import { World } from './world';

export interface Seeding {
	picks: number[];
	seed: number;
	clocks: ServiceClocks;
	pageSize: number;
	ties: SimWorkspace['ties'];
	/** The service's collation (by default, case aside, as the sandbox). */
	collation?: SimWorkspace['collation'];
	count: number;
	/** Internal-only assets placed in the listing. */
	internal?: Internal | null;
	/** Names a service may sort as equal, around a page boundary. */
	cluster?: Cluster | null;
}

export function seededWorld(start: number, s: Seeding) {
	const world = new World(start, s.picks, s.seed);
	const workspace = new SimWorkspace(s.clocks, s.pageSize);
	workspace.ties = s.ties;
	workspace.collation = s.collation ?? 'case';
	seedAssets(workspace, s.count, s.seed, start + s.clocks.skewMs);
	if (s.cluster) placeCluster(workspace, s.cluster, s.pageSize, start + s.clocks.skewMs);
	if (s.internal) placeInternal(workspace, s.internal, start + s.clocks.skewMs);
	const history = new History();
	recordAll(workspace, history, start - 1);
	return { world, workspace, history };
}
