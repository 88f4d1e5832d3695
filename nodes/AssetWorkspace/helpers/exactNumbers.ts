// Numbers JSON cannot carry as written (every JSON number is read as a double): Execute refuses
// them before anything is sent (docs/running-and-waiting.md, "Execute parameters").
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

/** The first number of valid JSON text that a JavaScript number cannot hold exactly. */
export function findInexactNumber(text: string): InexactNumber | undefined {
	return walkJsonText(text, (part) =>
		part.kind === 'number' && !carriesExactly(part.token)
			? { path: part.path, written: part.token, sent: JSON.stringify(Number(part.token)) }
			: undefined,
	);
}
