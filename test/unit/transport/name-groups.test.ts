/**
 * Which names share a group (paging/names.ts, `nameGroup`): at least as coarse as every collation
 * of the family docs/development.md states, each row measured against the real databases and ICU
 * (MariaDB 10.11's general_ci, unicode_ci, unicode_520_ci and uca1400_ai_ci, PostgreSQL 15's ICU
 * level 1 with and without alternate=shifted, Node's Intl.Collator); never coarser than it needs to
 * be for plain names; and, checked against Node's own ICU, names made equal by each of the
 * family's rules share a group. Pure: well under a second.
 */
import fc from 'fast-check';

import { nameGroup } from '../../../nodes/shared/transport/paging/names';

/** [a, b, the collations of the family that sort them as equal] */
const EQUAL: Array<[string, string, string]> = [
	['Cafe', 'CAFE', 'case: every case-insensitive collation'],
	['Café', 'Cafe', 'accents: utf8mb4_0900_ai_ci, general_ci, ICU primary'],
	['Müller', 'Muller', 'accents'],
	['Å', 'a', 'accents'],
	['é', 'e\u0301', 'canonical equivalents: every collation'],
	['Ｃａｆｅ', 'Cafe', 'width: 0900_ai_ci, ICU primary'],
	['ｶ', 'カ', 'width'],
	['ﬁle', 'file', 'ligatures, compatibility forms'],
	['ǅ', 'dž', 'compatibility forms'],
	['①', '1', 'compatibility forms'],
	['²', '2', 'compatibility forms'],
	['㎏', 'kg', 'compatibility forms'],
	['Ⅻ', 'xii', 'compatibility forms'],
	['𝐀', 'a', 'compatibility forms past the BMP (UCA, ICU)'],
	['ß', 'ss', 'ß and ss: 0900_ai_ci, ICU primary'],
	['ẞ', 'ss', 'ß and ss'],
	['Straße', 'Strasse', 'ß and ss'],
	['ß', 's', 'ß and s: general_ci'],
	['ſ', 's', 'long s: every collation'],
	['æ', 'ae', 'ligatures: UCA, ICU'],
	['œ', 'oe', 'ligatures'],
	['ĳ', 'ij', 'ligatures'],
	['ꝏ', 'oo', 'ligatures'],
	['ø', 'o', 'letters with a stroke: unicode_520_ci, uca1400, ICU'],
	['ł', 'l', 'letters with a stroke'],
	['đ', 'd', 'letters with a stroke'],
	['ħ', 'h', 'letters with a stroke'],
	['ð', 'd', 'eth'],
	['ı', 'i', 'dotless i: general_ci'],
	['a', 'a ', 'trailing spaces: PAD SPACE (general_ci, unicode_ci, uca1400_ai_ci)'],
	['a', 'a   ', 'trailing spaces'],
	['a-b', 'ab', 'punctuation: ICU alternate=shifted'],
	['a b', 'ab', 'spaces: ICU alternate=shifted'],
	["O'Neil", 'ONeil', 'punctuation'],
	['a.b', 'ab', 'punctuation'],
	['a_b', 'ab', 'punctuation'],
	['a\u00ad', 'a', 'ignorable: soft hyphen'],
	['a\u200d', 'a', 'ignorable: zero-width joiner'],
	['a\ufe0f', 'a', 'ignorable: variation selector'],
	['a\u034f', 'a', 'ignorable: combining grapheme joiner'],
	['٣', '3', 'digits of every script: UCA, ICU'],
	['३', '3', 'digits of every script'],
	['꧓', '3', 'digits of every script'],
	['𑁩', '3', 'digits of every script, past the BMP'],
	['\u{116db}', '1', 'digits of every script: a run of ten right after another (ICU)'],
	['カ', 'か', 'katakana and hiragana: UCA, ICU'],
	['ァ', 'あ', 'small kana'],
	['ヵ', 'か', 'small kana'],
	['ｶﾞ', 'か', 'half-width kana, voicing mark'],
	['가', 'ㄱㅏ', 'Hangul syllables and jamo: ICU'],
	['כ', 'ך', 'Hebrew final forms: UCA, ICU'],
	['بـب', 'بب', 'Arabic tatweel: ICU'],
	['ﻡ', 'م', 'Arabic presentation forms'],
	['เก', 'กเ', 'Thai vowels written first: ICU, uca1400'],
	['ᾳ', 'α', 'Greek iota subscript: every collation'],
	['ς', 'σ', 'Greek final sigma'],
	['ͺ', 'ι', 'Greek ypogegrammeni'],
	['ё', 'е', 'Cyrillic marks'],
	['😀', '🙂', 'every character past the BMP: general_ci, unicode_ci'],
	['a😀', 'a\ufffd', 'every character past the BMP as U+FFFD: general_ci'],
];

test.each(EQUAL)('%j and %j share a group (%s)', (a, b) => {
	expect(nameGroup(a)).toBe(nameGroup(b));
});

/** Equal in some real collation, yet not in the group: what docs/development.md names out of reach. */
const OUT_OF_REACH: Array<[string, string]> = [
	['ⷷ', 'е'], // Cyrillic combining letters
	['⺜', '日'], // CJK radical variants
	['ᚩ', 'ᚨ'], // Runic variants
	['ൽ', 'ല്'], // Malayalam chillu
	['ㇰ', 'く'], // Ainu katakana
	['❸', '3'], // dingbat digits
	['🅐', 'a'], // enclosed letters past the BMP (UCA), against general_ci's every-one-equal
];

test.each(OUT_OF_REACH)('%j and %j: in different groups, as the docs say', (a, b) => {
	expect(nameGroup(a)).not.toBe(nameGroup(b));
});

test('no coarser than it needs for plain names: the 17,576 three-letter words keep 17,576 groups', () => {
	const letters = 'abcdefghijklmnopqrstuvwxyz';
	const groups = new Set<string>();
	for (const a of letters)
		for (const b of letters) for (const c of letters) groups.add(nameGroup(a + b + c));
	expect(groups.size).toBe(26 ** 3);
});

test.each([
	['Revenue Forecast', 'Revenue Forecasts'],
	['Model A', 'Model B'],
	['$5', '5'],
	['C++', 'C'],
	['Mueller', 'Müller'],
	['a😀', 'a'], // a character past the BMP weighs one in every collation
	['a😀😀', 'a😀'],
])('%j and %j: in different groups', (a, b) => {
	expect(nameGroup(a)).not.toBe(nameGroup(b));
});

// The family's rules, each as a way to spell a name that the rule's collation sorts as equal.
const letter = fc.constantFrom(...'abcdefghijklmnoprtuvwxyzABCDEFGHIJKLMNOPRTUVWXYZ0123456789');
const word = fc.array(letter, { minLength: 1, maxLength: 6 }).map((chars) => chars.join(''));
const SAME_UNDER: Array<[string, (name: string) => string]> = [
	['case', (name) => name.toUpperCase()],
	['accents', (name) => name.replace(/[aeiou]/g, (v) => `${v}\u0301`.normalize('NFC'))],
	['canonical', (name) => name.replace(/[aeiou]/g, (v) => `${v}\u0301`)],
	['width', (name) => name.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0))],
	['pad space', (name) => `${name}  `],
	['shifted', (name) => name.split('').join('-')],
	['ligature', (name) => name.replace(/fi/g, 'ﬁ')],
];

test("names the family's rules spell alike share a group, and ICU at primary strength agrees they are equal", () => {
	const icu = new Intl.Collator('und', { sensitivity: 'base', ignorePunctuation: true });
	fc.assert(
		fc.property(word, fc.subarray(SAME_UNDER, { minLength: 1 }), (name, rules) => {
			const spelt = rules.reduce((text, [, spell]) => spell(text), name);
			expect(icu.compare(name, spelt)).toBe(0);
			expect(nameGroup(spelt)).toBe(nameGroup(name));
		}),
		{ numRuns: 500, seed: 20261129 },
	);
});

test('whatever ICU at primary strength sorts as equal among names of these letters shares a group', () => {
	const icu = new Intl.Collator('und', { sensitivity: 'base', ignorePunctuation: true });
	const alphabet = [
		...'aAáÁàäåeEéèëiIíoOóöøuUüsSßcçnñ0١٠ -.ｓａæ',
		'ae',
		'ss',
		'e\u0301',
		'ﬁ',
		'fi',
	];
	const name = fc
		.array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 4 })
		.map((p) => p.join(''));
	fc.assert(
		fc.property(name, name, (a, b) => {
			if (icu.compare(a, b) === 0) expect(nameGroup(a)).toBe(nameGroup(b));
		}),
		{ numRuns: 20_000, seed: 20261129 },
	);
});
