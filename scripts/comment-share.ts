/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/** How much of the product code is comment: prints the share for nodes/ and credentials/. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Issue 38: headers of a line or two, the reasoning in the docs. */
export const MAX_COMMENT_SHARE = 0.1;
export const PRODUCT_FOLDERS = ['nodes', 'credentials'];

export interface CommentCount {
	files: number;
	lines: number;
	comments: number;
}

/** A line is comment when its trimmed text starts with `//` or `/*`, or it is inside a block. */
export function countComments(text: string): { lines: number; comments: number } {
	const lines = text.split('\n');
	if (lines.at(-1) === '') lines.pop();
	let inBlock = false;
	let comments = 0;
	for (const line of lines) {
		const trimmed = line.trim();
		if (inBlock) {
			comments++;
			inBlock = !trimmed.includes('*/');
		} else if (trimmed.startsWith('/*')) {
			comments++;
			inBlock = !trimmed.slice(2).includes('*/');
		} else if (trimmed.startsWith('//')) comments++;
	}
	return { lines: lines.length, comments };
}

function tsFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return tsFiles(path);
		return entry.name.endsWith('.ts') ? [path] : [];
	});
}

export function countFolders(root: string, folders = PRODUCT_FOLDERS): CommentCount {
	const files = folders.flatMap((folder) => tsFiles(join(root, folder)));
	const counts = files.map((file) => countComments(readFileSync(file, 'utf8')));
	return {
		files: files.length,
		lines: counts.reduce((sum, c) => sum + c.lines, 0),
		comments: counts.reduce((sum, c) => sum + c.comments, 0),
	};
}

export const describeShare = ({ files, lines, comments }: CommentCount) =>
	`comment lines in ${PRODUCT_FOLDERS.join('/ and ')}/: ${comments.toLocaleString('en')} of ` +
	`${lines.toLocaleString('en')} lines in ${files} files, ${((100 * comments) / lines).toFixed(1)} % ` +
	`(at most ${MAX_COMMENT_SHARE * 100} %)`;

if (require.main === module) {
	const count = countFolders(join(__dirname, '..'));
	process.stdout.write(`${describeShare(count)}\n`);
	if (count.comments > MAX_COMMENT_SHARE * count.lines) process.exitCode = 1;
}
