/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev-only code, never published: it runs on Node.js, outside n8n */
// An error thrown outside the test's await chain must fail this file.
test('throws in a timer', async () => {
	setTimeout(() => {
		throw new Error('thrown in a timer of the second file');
	}, 10);
	await new Promise((resolve) => setTimeout(resolve, 200));
});
