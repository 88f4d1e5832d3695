/** Everything one `npm run bench` measured, as the report reads it. */
import type { AnswerValidation } from './answerValidation';
import type { Measure } from './measure';
import type { PackageSize } from './packageSize';
import type { ReturnAllProfiles } from './profileReturnAll';
import type { SandboxPages } from './sandboxPages';
import type { AssetPollMeasure } from './triggerAssets';

export interface BenchResults {
	startedAt: Date;
	/** The whole run, wall clock. */
	durationMs: number;
	/** os.loadavg() (1, 5 and 15 minutes) when the run began and when it ended. */
	loadAtStart: number[];
	loadAtEnd: number[];
	cores: number;
	/** The Node.js of the bench and the sandbox (process.version). */
	nodeVersion: string;
	n8nLabel: string;
	sandboxPages: SandboxPages;
	/** Return All of RETURN_ALL_ASSETS at 0 ms and 50 ms, with the baselines. */
	at0: Measure[];
	at50: Measure[];
	/** Return All of RETURN_ALL_ASSETS at 50 ms, their names spelt four ways each (this node). */
	nearEqual: Measure[];
	/** Return All of each of SMALL_LISTINGS at 50 ms, with the baselines. */
	small: Array<{ assets: number; at50: Measure[] }>;
	/** Where Return All's CPU goes at 0 ms (in-process): its first run, and a warm one. */
	profile: ReturnAllProfiles;
	/** The validation of Return All's 100 pages: zod 4 beside the code before it (in-process). */
	validation: AnswerValidation;
	/** Return All of GROWTH_ASSETS at 0 ms: this node and HTTP Request + Split Out. */
	growth: Measure[];
	gets: Measure[];
	jobsPoll: Measure;
	assetPolls: AssetPollMeasure[];
	pkg: PackageSize;
}

export const RETURN_ALL_ASSETS = 10_000;
/** Shorter listings, read at 50 ms too: the ramp must not make them slower or costlier. */
export const SMALL_LISTINGS = [1_000, 150];
export const GROWTH_ASSETS = 100_000;
/** Runs of each flow of the 100,000-asset case (each takes about a minute on a loaded machine). */
export const GROWTH_RUNS = 1;
