/**
 * The model's service's name order: `ORDER BY name` under one collation of the family the node
 * promises to page exactly (docs/development.md, "Paging a listing that moves"), from exact bytes
 * to ICU at primary strength with punctuation ignored; names it sorts as equal by id (as the
 * sandbox), or any way at each request.
 */
/** What the order reads of an asset. */
interface Named {
	id: string;
	name: string;
}

export type Ties = 'fixed' | 'any';

const icu = new Intl.Collator('und', { sensitivity: 'base', ignorePunctuation: true });

/** MariaDB's utf8mb4_general_ci: one weight a character, its base letter's upper case; ß is S,
 * every character past the BMP one weight; PAD SPACE. */
function generalCi(name: string) {
	const weights = Array.from(name.replace(/ +$/, ''), (char) => {
		if (char.codePointAt(0)! > 0xffff) return '\ufffd';
		if (char === 'ß') return 'S';
		return char.normalize('NFD')[0].toUpperCase();
	});
	return weights.join('');
}

/** Each collation as the key it sorts by (names with equal keys are equal), or ICU's own order. */
export const COLLATIONS = {
	bytes: (name: string) => name,
	case: (name: string) => name.toLowerCase(),
	canonical: (name: string) => name.normalize('NFC'),
	accents: (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase(),
	width: (name: string) => name.normalize('NFKC').toLowerCase(),
	'sharp-s': (name: string) => name.toLowerCase().replace(/ß/g, 'ss'),
	'pad-space': (name: string) => name.replace(/ +$/, '').toLowerCase(),
	shifted: (name: string) => name.replace(/[\p{P}\p{Z}]/gu, '').toLowerCase(),
	general_ci: generalCi,
	icu: undefined,
} satisfies Record<string, ((name: string) => string) | undefined>;

export type Collation = keyof typeof COLLATIONS;

/** How `collation` orders two names: 0 when it sorts them as equal. */
export function collate(collation: Collation, a: string, b: string): number {
	const key = COLLATIONS[collation];
	if (!key) return icu.compare(a, b);
	const [x, y] = [key(a), key(b)];
	return x === y ? 0 : x < y ? -1 : 1;
}

/** Name order under `collation`, equal names by id (as the sandbox keeps them). */
export const byName = (collation: Collation) => (a: Named, b: Named) =>
	collate(collation, a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const hash = (text: string) => {
	let h = 2166136261;
	for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
	// Mixed again, so that ids that differ in their last digit are not ordered alike.
	h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
	h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
	return (h ^ (h >>> 16)) >>> 0;
};

/** `listing` (in name order) as the `request`th request is served. */
export function orderTies<T extends Named>(
	listing: T[],
	ties: Ties,
	request: number,
	collation: Collation,
): T[] {
	if (ties === 'fixed') return listing;
	const shuffled = (asset: Named) => hash(`${asset.id} ${request}`);
	return listing.sort((a, b) => collate(collation, a.name, b.name) || shuffled(a) - shuffled(b));
}
