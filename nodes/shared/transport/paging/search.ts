// Where to ask again after a page that did not join the pages read.
import { strideOf } from './pages';

/**
 * Offsets between the page read last (at `from`, its last group starting at index `start`) and the
 * page at `failed`, the furthest that joins a quiet listing first. Told after each whether it joined.
 */
export function* nearer(
	from: number,
	start: number,
	failed: number,
): Generator<number, void, boolean> {
	if (start < 1) return;
	// Wherever assets left out of pages stand, the page from the asset before that group shows it.
	const earliest = from + start - 1;
	if (earliest > from) {
		if (earliest < failed) yield earliest;
		return;
	}
	// That asset leads the page read last: the furthest page that still shows it, by halving.
	let [low, high] = [from, failed];
	while (high - low > 1) {
		const middle = Math.ceil((low + high) / 2);
		if (yield middle) low = middle;
		else high = middle;
	}
}

/**
 * Offsets where a listing that moved may show a name read again: back from `failed` half a page,
 * then twice as far each time, to the first page. A reading that may not start over goes forward
 * a page at a time first, to the listing's end (told after each page whether it ended there), then
 * back a page at a time.
 */
export function* further(
	failed: number,
	size: number,
	restart: boolean,
): Generator<number, void, boolean> {
	const half = Math.max(1, Math.ceil(size / 2));
	const stride = strideOf(size);
	if (restart) {
		for (let back = half, offset = failed; offset > 0; back *= 2) {
			offset = Math.max(0, failed - back);
			yield offset;
		}
		return;
	}
	yield Math.max(0, failed - half);
	for (let offset = failed + stride; !(yield offset); offset += stride);
	for (let offset = failed - stride; offset > -stride; offset -= stride) yield Math.max(0, offset);
}
