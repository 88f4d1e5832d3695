/** What a poll of the Asset event leaves in the node's static data for the next one. */
import type { Mark } from '../../../shared/transport';

export interface AssetsState {
	/** The Folder id the state was learnt for; '' for the whole workspace. */
	scope?: string;
	/** Every change with updatedAt up to here (ms) is known; none before the first round ends. */
	watermark?: number;
	/** Asset id to updatedAt (ms). */
	recent: Record<string, number>;
	/** Changes up to here (ms) never fire: what the first reading left, or recent ones dropped. */
	floor?: number;
	round?: Round;
	/** With removed on: the ids the last complete round saw. */
	ids?: string[];
	/** With removed on: ids gone from a complete round whose removal is not confirmed yet. */
	unconfirmed?: string[];
	/** The last poll had no time left to ask them: this one asks them before it reads. */
	removalsFirst?: boolean;
	/** The offset of the page that ended the last complete round. */
	lastOffset?: number;
}

export interface Round {
	/** Where to go on: the next page's offset, and the assets of the page before it (to join). */
	next: number;
	anchor?: Mark[];
	/** When (ms) the round started, and the newest updatedAt it has seen. */
	began: number;
	latest: number;
	ids?: string[];
}
