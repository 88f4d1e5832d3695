/**
 * Each way a listing ends short is an error that names the page (its offset) and says what to
 * do, with the cause n8n is told (paging/errors.ts): the texts users read, whole; over the
 * transport, the node's error for its item.
 */
import { NodeOperationError } from 'n8n-workflow';

import { readAllAssets } from '../../../nodes/shared/transport';
import { ListingError } from '../../../nodes/shared/transport/paging/errors';
import { validAsset } from '../../harness/answers';
import { NODE, scripted } from '../../harness/scripted-helper';

const CHECK_URL = 'it stopped instead of asking forever. Check the base URL.';
const CONTRADICTS =
	'The answer contradicts itself, so the listing cannot be trusted. Check the base URL.';

test.each([
	[
		ListingError.otherOffset(196, 0),
		'the page at offset 196 came back as offset 0',
		196,
		`The service does not seem to honour offset; ${CHECK_URL}`,
		'contract',
	],
	[
		ListingError.overfull(98, 120, 100),
		'the page at offset 98 holds 120 assets but says its page size (meta.limit) is 100',
		98,
		CONTRADICTS,
		'contract',
	],
	[
		ListingError.sizeChanged(98, 50, 100),
		'the page at offset 98 says its page size (meta.limit) is 50, the first page said 100',
		98,
		CONTRADICTS,
		'contract',
	],
	[
		ListingError.repeats(294),
		'the page at offset 294 repeats assets already read, so the listing cannot go on',
		294,
		`The service answered the same assets again with "hasMore": true; it seems to ignore offset; ${CHECK_URL}`,
		'contract',
	],
	[
		ListingError.empty(50, 4900),
		'50 pages in a row, up to offset 4900, held no asset yet said "hasMore": true',
		4900,
		`The service seems to promise more than it has; ${CHECK_URL}`,
		'contract',
	],
	[
		ListingError.moved(392, 17),
		'the asset listing moved while it was read: 17 pages in a row did not join the pages before it, so no complete list can be given',
		392,
		'Assets were created, removed or renamed meanwhile. Run it again, or narrow it with a Folder filter.',
		'moved',
	],
	[
		ListingError.namesShared(1, 99, 100),
		'99 or more assets in a row from offset 1 share a name: a page of 100 cannot show them with a different name on each side, and the service may give equal names in any order, so no complete list can be given',
		1,
		'Narrow it with a Folder filter, or give some of these assets other names.',
		'too-long',
	],
	[
		ListingError.tooManyPages(10000, 100),
		'the asset listing did not end after 10000 pages of 100',
		-1,
		'Narrow it with a Folder filter, or turn off Return All and set a Limit.',
		'unending',
	],
	[ListingError.lost(98), 'its place is lost', 98, '', 'lost'],
])('%#: %s', (error, message, offset, hint, kind) => {
	expect(error).toBeInstanceOf(ListingError);
	expect({
		message: error.message,
		offset: error.offset,
		hint: error.hint,
		kind: error.kind,
	}).toEqual({
		message,
		offset,
		hint,
		kind,
	});
});

test("over the transport, Return All's listing error is the node's, for its item, naming the page", async () => {
	// The page at offset 0 answers as if it were at offset 5: the service ignores offset.
	const page = { data: [validAsset], meta: { limit: 100, offset: 5, hasMore: false } };
	const { transport } = scripted([{ status: 200, body: JSON.stringify(page) }]);
	const error = await readAllAssets(transport, { itemIndex: 2 }).then(
		() => undefined,
		(thrown: unknown) => thrown as NodeOperationError,
	);
	expect(error).toBeInstanceOf(NodeOperationError);
	expect({
		node: error!.node,
		itemIndex: error!.context.itemIndex,
		message: error!.message,
		description: error!.description,
	}).toEqual({
		node: NODE,
		itemIndex: 2,
		message: 'Asset Workspace API: the page at offset 0 came back as offset 5',
		description: `Request: GET /api/public/v1/assets?offset=0. The service does not seem to honour offset; ${CHECK_URL}`,
	});
});
