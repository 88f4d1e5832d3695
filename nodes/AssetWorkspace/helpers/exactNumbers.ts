/**
 * Numbers that JSON cannot carry as written. JavaScript reads every JSON number as a double, so
 * `12345678901234567891` would be sent as `12345678901234567000` and `1e400` as `null`. Execute
 * refuses such parameters before anything is sent, naming the parameter, instead of starting a
 * run with values nobody wrote.
 */
import { walkJsonText } from './jsonText';

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
	return walkJsonText(text, (part) =>
		part.kind === 'number' && !carriesExactly(part.token)
			? { path: part.path, written: part.token, sent: JSON.stringify(Number(part.token)) }
			: undefined,
	);
}
