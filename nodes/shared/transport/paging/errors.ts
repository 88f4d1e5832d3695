// Why a listing cannot be read whole: each way it ends short, as an error naming the page.

type ListingErrorKind = 'contract' | 'moved' | 'too-long' | 'unending' | 'lost';

const ASKS_FOREVER = 'it stopped instead of asking forever. Check the base URL.';
const CONTRADICTS =
	'The answer contradicts itself, so the listing cannot be trusted. Check the base URL.';

/** `offset`: the page's (-1: none); `hint`: what to do; `kind`: what n8n is told the cause is. */
export class ListingError extends Error {
	constructor(
		message: string,
		readonly offset: number,
		readonly hint: string,
		readonly kind: ListingErrorKind = 'contract',
	) {
		super(message);
	}

	static otherOffset(asked: number, answered: number) {
		return new ListingError(
			`the page at offset ${asked} came back as offset ${answered}`,
			asked,
			`The service does not seem to honour offset; ${ASKS_FOREVER}`,
		);
	}

	static overfull(offset: number, count: number, limit: number) {
		return new ListingError(
			`the page at offset ${offset} holds ${count} assets but says its page size (meta.limit) is ${limit}`,
			offset,
			CONTRADICTS,
		);
	}

	static sizeChanged(offset: number, limit: number, first: number) {
		return new ListingError(
			`the page at offset ${offset} says its page size (meta.limit) is ${limit}, the first page said ${first}`,
			offset,
			CONTRADICTS,
		);
	}

	static repeats(offset: number) {
		return new ListingError(
			`the page at offset ${offset} repeats assets already read, so the listing cannot go on`,
			offset,
			`The service answered the same assets again with "hasMore": true; it seems to ignore offset; ${ASKS_FOREVER}`,
		);
	}

	static empty(pages: number, offset: number) {
		return new ListingError(
			`${pages} pages in a row, up to offset ${offset}, held no asset yet said "hasMore": true`,
			offset,
			`The service seems to promise more than it has; ${ASKS_FOREVER}`,
		);
	}

	static moved(offset: number, breaks: number) {
		return new ListingError(
			`the asset listing moved while it was read: ${breaks} pages in a row did not join the pages before it, so no complete list can be given`,
			offset,
			'Assets were created, removed or renamed meanwhile. Run it again, or narrow it with a Folder filter.',
			'moved',
		);
	}

	static namesShared(offset: number, count: number, size: number) {
		return new ListingError(
			`${count} or more assets in a row from offset ${offset} share a name: a page of ${size} cannot show them with a different name on each side, and the service may give equal names in any order, so no complete list can be given`,
			offset,
			'Narrow it with a Folder filter, or give some of these assets other names.',
			'too-long',
		);
	}

	static tooManyPages(maxPages: number, size: number) {
		return new ListingError(
			`the asset listing did not end after ${maxPages} pages of ${size}`,
			-1,
			'Narrow it with a Folder filter, or turn off Return All and set a Limit.',
			'unending',
		);
	}

	/** Where a reading that may not start over lost its place (its consumer goes on elsewhere). */
	static lost(offset: number) {
		return new ListingError('its place is lost', offset, '', 'lost');
	}
}
