/**
 * The names of a test file's tests and describe blocks, read from its source as written (the first
 * argument of `test`, `it`, `describe`, also after `.each(table)` and `.concurrent`; `%s` and
 * `${…}` left as they are). Enough TypeScript for test files, not a parser.
 */

/** The index just after the string literal that opens at `i`. */
function skipString(src: string, i: number): number {
	const quote = src[i];
	let j = i + 1;
	while (j < src.length && src[j] !== quote) {
		if (src[j] === '\\') j += 2;
		else if (quote === '`' && src.startsWith('${', j)) j = skipBrackets(src, j + 1);
		else j++;
	}
	return j + 1;
}

/** The index just after the bracket that closes the one at `i`, strings skipped. */
function skipBrackets(src: string, i: number): number {
	let depth = 0;
	for (let j = i; j < src.length; j++) {
		const c = src[j];
		if (c === "'" || c === '"' || c === '`') j = skipString(src, j) - 1;
		else if ('([{'.includes(c)) depth++;
		else if (')]}'.includes(c) && --depth === 0) return j + 1;
	}
	return src.length;
}

export function testTitles(src: string): string[] {
	const titles: string[] = [];
	for (const call of src.matchAll(/\b(?:test|it|describe)(?:\.concurrent)?(\.each)?\s*\(/g)) {
		let i = call.index + call[0].length - 1;
		if (call[1]) {
			i = skipBrackets(src, i);
			while (/\s/.test(src[i])) i++;
			if (src[i] !== '(') continue;
		}
		i++;
		while (/\s/.test(src[i])) i++;
		if (!`'"\``.includes(src[i])) continue;
		titles.push(src.slice(i + 1, skipString(src, i) - 1).replace(/\\(['"\\])/g, '$1'));
	}
	return titles;
}
