/** A generated run's start: its world at `start`, its workspace seeded and recorded just before. */
import { SimWorkspace, type ServiceClocks } from './sim-service';
import { History, recordAll, seedAssets } from './workspace-changes';
import { World } from './world';

export interface Seeding {
	picks: number[];
	seed: number;
	clocks: ServiceClocks;
	pageSize: number;
	ties: SimWorkspace['ties'];
	count: number;
}

export function seededWorld(start: number, s: Seeding) {
	const world = new World(start, s.picks, s.seed);
	const workspace = new SimWorkspace(s.clocks, s.pageSize);
	workspace.ties = s.ties;
	seedAssets(workspace, s.count, s.seed, start + s.clocks.skewMs);
	const history = new History();
	recordAll(workspace, history, start - 1);
	return { world, workspace, history };
}
