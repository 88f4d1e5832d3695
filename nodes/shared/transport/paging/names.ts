// Which pages join a reading: the names a service may sort as equal, and the join rule.
/** An asset as paging reads it. */
export interface Listed {
	id: string;
	name: string;
}

// Letters that no decomposition takes apart but collations sort as others, and Hebrew final forms.
const LETTERS = new Map(
	'æae œoe øo łl đd ðd ħh ꝏoo ꜳaa ךכ םמ ןנ ףפ ץצ ゕか ゖけ'
		.split(' ')
		.map((pair) => [pair[0], pair.slice(1)]),
);
const OTHER_LETTERS = new RegExp(`[${[...LETTERS.keys()].join('')}]`, 'g');
// Marks, punctuation, spaces, control and format characters, and the Arabic tatweel.
const IGNORED = /[\p{M}\p{P}\p{Z}\p{Cc}\p{Cf}\u0640]/gu;
const isDigit = (char: string) => /\p{Nd}/u.test(char);

/** A decimal digit of any script as an ASCII one: its place in its run of ten digits. */
function digitValue(digit: string) {
	let before = 0;
	while (isDigit(String.fromCodePoint(digit.codePointAt(0)! - before - 1))) before++;
	return String(before % 10);
}

/**
 * The group a name sorts in on any service this node pages exactly: whatever a collation of the
 * family in docs/development.md sorts as equal to a name has its group. The family: case, accents
 * and other marks, width and compatibility forms, canonical equivalents, ß and ss, ligatures,
 * trailing spaces, ignorable punctuation and spaces; and the digits of every script, katakana and
 * hiragana, small kana, Hebrew final forms and Thai and Lao vowels written first. Coarser than each
 * of them: it may cost requests, or refuse a page's worth of one group in a row, never an asset.
 */
export function nameGroup(name: string): string {
	return (
		name
			.replace(/\u037a/g, 'ι')
			.normalize('NFKD')
			// Marks go before case folding, which would make a Greek iota of one.
			.replace(IGNORED, '')
			.toLowerCase()
			.toUpperCase()
			.toLowerCase()
			.replace(/[\u30a1-\u30f6]/g, (kana) => String.fromCharCode(kana.charCodeAt(0) - 0x60))
			// Small kana sort as the kana after them.
			.replace(/[ぁぃぅぇぉっゃゅょゎ]/g, (kana) => String.fromCharCode(kana.charCodeAt(0) + 1))
			.replace(OTHER_LETTERS, (letter) => LETTERS.get(letter)!)
			.replace(/([\u0e40-\u0e44\u0ec0-\u0ec4])(.)/g, '$2$1')
			.replace(/\p{Nd}/gu, digitValue)
			// utf8mb4_general_ci sorts every character past the BMP as U+FFFD, and ß as s.
			.replace(/[\u{10000}-\u{10ffff}]/gu, '\ufffd')
			.replace(/s+/g, 's')
	);
}

/** Where the last group of `items` starts: 0 when one group fills them (or none). */
export function lastGroupStart(items: Listed[]): number {
	let start = items.length - 1;
	while (start > 0 && nameGroup(items[start - 1].name) === nameGroup(items[start].name)) start--;
	return Math.max(0, start);
}

/**
 * Whether a page joins the pages read: right after an asset of another group, it holds a name they
 * hold. The service sorted everything of that group after the asset before it, so the page holds
 * the listing from that name on, and that name is no later than where the pages read so far end.
 */
export function joins(items: Listed[], namesRead: Set<string>): boolean {
	return items.some(
		(item, index) =>
			index > 0 &&
			namesRead.has(item.name) &&
			nameGroup(items[index - 1].name) !== nameGroup(item.name),
	);
}

/**
 * How many assets of the group that ends `before` there are, when `after` (read from further on)
 * shows one of them that `before` did not: that group spans the seam between them, and names a
 * service sorts as equal may stand in another order at each request. 0 when it does not.
 */
export function groupAcross(before: Listed[], after: Listed[]): number {
	const seam = before.at(-1);
	if (!seam) return 0;
	const ids = new Set(before.map((item) => item.id));
	const group = nameGroup(seam.name);
	const inGroup = (item: Listed) => nameGroup(item.name) === group;
	const lead = after.slice(0, after.findIndex((item) => !inGroup(item)) >>> 0);
	const fresh = lead.filter((item) => !ids.has(item.id)).length;
	return fresh && fresh + before.length - lastGroupStart(before);
}
