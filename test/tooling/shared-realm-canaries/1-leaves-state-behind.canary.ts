// Leaves behind what a file could: a long timeout, a spy on a shared module, a custom matcher.
import { DateTime } from 'luxon';

jest.setTimeout(999_999);
expect.extend({ toBeLeftBehind: () => ({ pass: true, message: () => '' }) });

test('leaves state behind', () => {
	jest.spyOn(DateTime, 'now').mockImplementation(() => {
		throw new Error('a spy left behind');
	});
	expect(() => DateTime.now()).toThrow('a spy left behind');
});
