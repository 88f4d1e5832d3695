/**
 * The model's service's name order; equal names by id (as the sandbox), or any way at each request
 * (`ORDER BY name`, case aside; docs/development.md, "Paging a listing that moves").
 */
/** What the order reads of an asset. */
interface Named {
	id: string;
	name: string;
}

/** Name order as the sandbox keeps it: case-insensitively, then case-sensitively, then by id. */
export function byName(a: Named, b: Named) {
	const x = a.name.toLowerCase();
	const y = b.name.toLowerCase();
	if (x !== y) return x < y ? -1 : 1;
	if (a.name !== b.name) return a.name < b.name ? -1 : 1;
	return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export type Ties = 'fixed' | 'any';

const hash = (text: string) => {
	let h = 2166136261;
	for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
	// Mixed again, so that ids that differ in their last digit are not ordered alike.
	h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
	h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
	return (h ^ (h >>> 16)) >>> 0;
};

/** `listing` (in name order) as the `request`th request is served. */
export function orderTies<T extends Named>(listing: T[], ties: Ties, request: number): T[] {
	if (ties === 'fixed') return listing;
	const key = (asset: Named) => asset.name.toLowerCase();
	const shuffled = (asset: Named) => hash(`${asset.id} ${request}`);
	return listing.sort((a, b) => (key(a) === key(b) ? shuffled(a) - shuffled(b) : byName(a, b)));
}
