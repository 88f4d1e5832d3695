/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Guards: comment lines are at most 10 % of nodes/ and credentials/ (issue 38), counted by
 * scripts/comment-share.ts, which `npm test` also runs as a step that prints the figure. About 0.1 s.
 */
import { join } from 'node:path';

import {
	countComments,
	countFolders,
	describeShare,
	MAX_COMMENT_SHARE,
} from '../../../scripts/comment-share';

test.each([
	['const a = 1;\n', 0],
	['// why\nconst a = 1;\n', 1],
	['/** One line. */\nconst a = 1;\n', 1],
	['/**\n * Two\n * lines.\n */\nconst a = 1;\n', 4],
	['const a = 1; // trailing: code, not a comment line\n', 0],
	['/* a */ const a = 1;\nconst b = 2;\n', 1],
	["const url = 'http://x'; /* after */\n", 0],
])('%j has %d comment lines', (text, comments) => {
	expect(countComments(text).comments).toBe(comments);
});

test('comment lines are at most 10 % of nodes/ and credentials/', () => {
	const count = countFolders(join(__dirname, '..', '..', '..'));
	process.stdout.write(`${describeShare(count)}\n`);
	expect(count.files).toBeGreaterThan(50);
	expect(count.comments / count.lines).toBeLessThanOrEqual(MAX_COMMENT_SHARE);
});
