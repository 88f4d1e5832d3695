/** Numbers Execute refuses to send because JSON would change them. */
import {
	carriesExactly,
	findInexactNumber,
} from '../../../nodes/AssetWorkspace/helpers/exactNumbers';

test.each([
	['1', true],
	['1.0', true],
	['-0', true],
	['1e2', true],
	['0.1', true],
	['0.30000000000000004', true],
	['9007199254740992', true],
	['5e-324', true],
	['1.7976931348623157e308', true],
	['12345678901234567891', false],
	['9007199254740993', false],
	['1e400', false],
	['-1e400', false],
	['1e-400', false],
	['0.1000000000000000055511151231257827', false],
])('%s carried exactly: %s', (token, exact) => {
	expect(carriesExactly(token)).toBe(exact);
});

test('the first inexact number is named by its path, with what JSON would send', () => {
	expect(findInexactNumber('{"ACCOUNT_ID": 12345678901234567891, "RATIO": 1e400}')).toEqual({
		path: 'ACCOUNT_ID',
		written: '12345678901234567891',
		sent: '12345678901234567000',
	});
	expect(findInexactNumber('{"RATIO": 1e400}')).toEqual({
		path: 'RATIO',
		written: '1e400',
		sent: 'null',
	});
	expect(findInexactNumber('{"a": {"b": [1, 2, {"c": 1e999}]}}')?.path).toBe('a.b[2].c');
	expect(findInexactNumber('{"a": [[1, 2], [3, 1e999]]}')?.path).toBe('a[1][1]');
});

test('numbers inside strings and ordinary numbers pass', () => {
	expect(
		findInexactNumber('{"ID": "12345678901234567891", "n": 42, "x": [0.5, -3e-7], "s": "1e400"}'),
	).toBeUndefined();
	expect(findInexactNumber('{"k\\"ey": 1, "b": true, "c": null}')).toBeUndefined();
});
