// Which pages of a changing listing form one exact reading: one that starts it, or one where a name
// already handed on follows another name, so that the assets of that name and every later one in
// the page are there whole, in whatever order the service puts equal names (why:
// docs/development.md, "Paging a listing that moves").

export interface Listed {
	id: string;
	name: string;
}

export type Mark = [id: string, name: string];

// Equal names may come in any order; a service may also order names that differ only in case as
// equal, so a run of such names is kept together too.
const groupOf = (item: Listed) => item.name.toLowerCase();

/** Where the run of equal names (by `groupOf`) that ends `items` starts. */
export function lastGroupStart(items: Listed[]): number {
	let start = items.length - 1;
	while (start > 0 && groupOf(items[start - 1]) === groupOf(items[start])) start--;
	return start;
}

/** When a run of equal names ends a page at `offset`: the page from the asset before the run, which
 * shows it whole; none when the page ends with a lone name. */
export function groupPageAfter(items: Listed[], offset: number): number | undefined {
	const start = lastGroupStart(items);
	return start >= 2 && start < items.length - 1 ? offset + start - 1 : undefined;
}

/** The length of a run of equal names from a full page's first two places to its end (no page can
 * show it closed), or 0. */
export function runTooLong(items: Listed[], limit: number): number {
	const start = lastGroupStart(items);
	return start < 2 && start < items.length - 1 && items.length === limit ? items.length - start : 0;
}

/** Pages overlap by two assets, so that a quiet listing always shows a name handed on after another. */
export const strideOf = (size: number) => Math.max(1, size - 2);

export class PageChain<T extends Listed> {
	private readonly handedOn = new Set<string>();
	private readonly names = new Set<string>();

	/** `anchor`: the page a reading stopped at (the trigger's poll), which this one continues. */
	constructor(anchor: Mark[] = []) {
		for (const [id, name] of anchor) {
			this.handedOn.add(id);
			this.names.add(name);
		}
	}

	/** Offset 0 starts the reading (again only if it may `restart`); others must join. */
	joins(items: T[], offset: number, restart = true): boolean {
		if (offset === 0 && (restart || this.names.size === 0)) return true;
		return items.some(
			(item, index) =>
				index > 0 && groupOf(item) !== groupOf(items[index - 1]) && this.names.has(item.name),
		);
	}

	/** Takes a joined page: its assets not handed on before, wherever they sit (equal names). */
	take(items: T[]): T[] {
		const fresh: T[] = [];
		for (const item of items) {
			this.names.add(item.name);
			if (!this.handedOn.has(item.id)) {
				this.handedOn.add(item.id);
				fresh.push(item);
			}
		}
		return fresh;
	}
}

/** A page's assets as the next reading's anchor. */
export const marksOf = (items: Listed[]): Mark[] => items.map((item) => [item.id, item.name]);

// Where to look for a page that joins, near `at`: back half a page, then twice as far each time; a
// reading that may not restart goes half a page back, then forward a page at a time, then back.
export class Probes {
	private tries = 0;
	private forward = true;
	private step = 0;

	constructor(
		private readonly at: number,
		private readonly size: number,
		private readonly restart: boolean,
	) {}

	next(): number | undefined {
		const half = Math.max(1, Math.ceil(this.size / 2));
		const stride = strideOf(this.size);
		if (this.tries++ === 0) return this.at === 0 ? undefined : Math.max(0, this.at - half);
		if (this.restart)
			return this.at === 0 ? undefined : Math.max(0, this.at - half * 2 ** (this.tries - 1));
		if (this.forward) return this.at + stride * ++this.step;
		const back = this.at - stride * ++this.step;
		return back > -stride ? Math.max(0, back) : undefined;
	}

	/** The last probe was past the listing's end: look back from now on. */
	pastTheEnd() {
		if (!this.forward) return;
		this.forward = false;
		this.step = 0;
	}
}
