/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Reading the README and docs/*.md as a reader sees them: prose without code, links, the anchors
 * GitHub gives headings, bold text and tables. Enough Markdown for these files, not a parser.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');

/** README.md and every docs/*.md, as paths relative to the repository. */
export function docFiles(): string[] {
	const docs = readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md'));
	return ['README.md', ...docs.map((name) => `docs/${name}`)];
}

export const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** The text outside fenced code blocks and inline code (code spans become spaces). */
export function prose(markdown: string): string {
	return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, ' ');
}

/** The target of every link and image: `[text](target)`, also across lines. */
export function linkTargets(markdown: string): string[] {
	return [...prose(markdown).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map(
		(match) => match[1],
	);
}

/** The anchors GitHub makes for the headings (github-slugger: lower case, punctuation dropped). */
export function headingAnchors(markdown: string): Set<string> {
	const seen = new Map<string, number>();
	const anchors = new Set<string>();
	const withoutFences = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
	for (const [, heading] of withoutFences.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
		const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '');
		const slug = text
			.toLowerCase()
			.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
			.replace(/ /g, '-');
		const count = seen.get(slug) ?? 0;
		seen.set(slug, count + 1);
		anchors.add(count === 0 ? slug : `${slug}-${count}`);
	}
	return anchors;
}

/** Every **bold** text of the prose, with its line breaks as spaces. */
export function boldTexts(markdown: string): string[] {
	return [...prose(markdown).matchAll(/\*\*([^*]+?)\*\*/g)].map((match) =>
		match[1].replace(/\s+/g, ' ').trim(),
	);
}

/** Every table: its header cells (lower case) and its rows' cells. */
export function tables(markdown: string): Array<{ header: string[]; rows: string[][] }> {
	const cells = (line: string) =>
		line
			.trim()
			.replace(/^\||\|$/g, '')
			.split('|')
			.map((cell) => cell.trim());
	const found: Array<{ header: string[]; rows: string[][] }> = [];
	const lines = prose(markdown).split('\n');
	for (let i = 0; i + 1 < lines.length; i++) {
		if (!lines[i].trim().startsWith('|') || !/^\s*\|[\s|:-]+\|\s*$/.test(lines[i + 1])) continue;
		const table = {
			header: cells(lines[i]).map((cell) => cell.toLowerCase()),
			rows: [] as string[][],
		};
		for (i += 2; i < lines.length && lines[i].trim().startsWith('|'); i++)
			table.rows.push(cells(lines[i]));
		found.push(table);
	}
	return found;
}
