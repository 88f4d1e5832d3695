// Valid JSON text walked token by token, for what JSON.parse hides (a name given twice, a number's
// digits): each name and number goes to `visit` with its path; the walk stops at its first answer.

export type JsonTextPart =
	| { kind: 'name'; path: string; repeated: boolean }
	| { kind: 'number'; path: string; token: string };

const TOKEN = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|[{}[\]:,]|true|false|null|\s+/gy;

export function walkJsonText<T>(
	text: string,
	visit: (part: JsonTextPart) => T | undefined,
): T | undefined {
	const path: Array<string | number> = [];
	// Per open container: 'key' (an object expecting a name), 'value' (an object after its name),
	// or 'item' (an array); and an object's names so far.
	const expecting: Array<'key' | 'value' | 'item'> = [];
	const names: Array<Set<string>> = [];
	const label = () =>
		path.reduce<string>(
			(out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${part}` : part),
			'',
		);
	const token = new RegExp(TOKEN);
	for (let match = token.exec(text); match; match = token.exec(text)) {
		const part = match[0];
		const top = expecting.length - 1;
		let answer: T | undefined;
		if (part === '{' || part === '[') {
			path.push(part === '{' ? '' : 0);
			expecting.push(part === '{' ? 'key' : 'item');
			names.push(new Set());
		} else if (part === '}' || part === ']') {
			path.pop();
			expecting.pop();
			names.pop();
		} else if (part === ',') {
			if (expecting[top] === 'item') path[top] = (path[top] as number) + 1;
			else expecting[top] = 'key';
		} else if (part.startsWith('"') && expecting[top] === 'key') {
			const name = JSON.parse(part) as string;
			path[top] = name;
			expecting[top] = 'value';
			answer = visit({ kind: 'name', path: label(), repeated: names[top].has(name) });
			names[top].add(name);
		} else if (/^-?\d/.test(part)) {
			answer = visit({ kind: 'number', path: label(), token: part });
		}
		if (answer !== undefined) return answer;
	}
	return undefined;
}
