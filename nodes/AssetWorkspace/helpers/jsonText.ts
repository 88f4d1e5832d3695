// Valid JSON text walked token by token, for what JSON.parse hides (a name given twice, a number's
// digits): each name and number goes to `visit` with its path; the walk stops at its first answer.

export type JsonTextPart =
	| { kind: 'name'; path: string; repeated: boolean }
	| { kind: 'number'; path: string; token: string };

const TOKEN = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|[{}[\]:,]|true|false|null|\s+/gy;

/** Where the walk is: the path to the current value, and per open container what it expects next. */
interface Walk {
	path: Array<string | number>;
	// 'key' (an object expecting a name), 'value' (an object after its name), or 'item' (an array).
	expecting: Array<'key' | 'value' | 'item'>;
	/** Each open object's names so far. */
	names: Array<Set<string>>;
}

const label = (path: Array<string | number>) =>
	path.reduce<string>(
		(out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${part}` : part),
		'',
	);

export function walkJsonText<T>(
	text: string,
	visit: (part: JsonTextPart) => T | undefined,
): T | undefined {
	const walk: Walk = { path: [], expecting: [], names: [] };
	const token = new RegExp(TOKEN);
	for (let match = token.exec(text); match; match = token.exec(text)) {
		const found = step(walk, match[0]);
		const answer = found && visit(found);
		if (answer !== undefined) return answer;
	}
	return undefined;
}

/** Moves the walk past one token; a name or a number is a part to visit. */
function step({ path, expecting, names }: Walk, part: string): JsonTextPart | undefined {
	const top = expecting.length - 1;
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
		const repeated = names[top].has(name);
		names[top].add(name);
		return { kind: 'name', path: label(path), repeated };
	} else if (/^-?\d/.test(part)) {
		return { kind: 'number', path: label(path), token: part };
	}
	return undefined;
}
