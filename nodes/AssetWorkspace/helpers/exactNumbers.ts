/**
 * Numbers that JSON cannot carry as written. JavaScript reads every JSON number as a double, so
 * `12345678901234567891` would be sent as `12345678901234567000` and `1e400` as `null`. Execute
 * refuses such parameters before anything is sent, naming the parameter, instead of starting a
 * run with values nobody wrote.
 */

export interface InexactNumber {
	/** Where it is: `ACCOUNT_ID`, `limits.max`, `ids[2]`. */
	path: string;
	written: string;
	/** What JSON would send instead. */
	sent: string;
}

/** A decimal as sign, significant digits and exponent, so `1.0`, `1` and `1e0` compare equal. */
function normalise(decimal: string): string {
	const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(decimal);
	if (!match) return decimal;
	const [, sign, whole, fraction = '', exponent = '0'] = match;
	let digits = (whole + fraction).replace(/^0+/, '');
	if (digits === '') return '0';
	let power = Number(exponent) - fraction.length;
	const trailing = /0+$/.exec(digits)?.[0].length ?? 0;
	digits = digits.slice(0, digits.length - trailing);
	power += trailing;
	return `${sign}${digits}e${power}`;
}

/** Whether a JSON number token keeps its value when read into a JavaScript number. */
export function carriesExactly(token: string): boolean {
	const value = Number(token);
	if (!Number.isFinite(value)) return false;
	return normalise(token) === normalise(value.toExponential().replace('e+', 'e'));
}

/**
 * The first number of a JSON text (already known to be valid JSON) that a JavaScript number cannot
 * hold exactly, with its path; undefined when every number is carried as written.
 */
export function findInexactNumber(text: string): InexactNumber | undefined {
	const path: Array<string | number> = [];
	// Per open container: 'key' (an object expecting a key), 'value' (an object after its key), or
	// 'item' (an array).
	const expecting: Array<'key' | 'value' | 'item'> = [];
	const label = () =>
		path.reduce<string>(
			(out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${part}` : part),
			'',
		);
	const token =
		/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|[{}[\]:,]|true|false|null|\s+/gy;
	for (let match = token.exec(text); match; match = token.exec(text)) {
		const part = match[0];
		const top = expecting.length - 1;
		if (part === '{' || part === '[') {
			path.push(part === '{' ? '' : 0);
			expecting.push(part === '{' ? 'key' : 'item');
		} else if (part === '}' || part === ']') {
			path.pop();
			expecting.pop();
		} else if (part === ',') {
			if (expecting[top] === 'item') path[top] = (path[top] as number) + 1;
			else expecting[top] = 'key';
		} else if (part.startsWith('"') && expecting[top] === 'key') {
			path[top] = JSON.parse(part) as string;
			expecting[top] = 'value';
		} else if (/^-?\d/.test(part) && !carriesExactly(part)) {
			return { path: label(), written: part, sent: JSON.stringify(Number(part)) };
		}
	}
	return undefined;
}
