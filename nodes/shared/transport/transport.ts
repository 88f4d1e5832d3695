// The transport's requests: what goes out (request/), one attempt and its retries, the rate gate and
// clocks (policy/). index.ts is the nodes' one way in, with the listing's pages (paging/).
import type { Parsed, Schema } from '../schemas';
import { REAL_CLOCK, type Clock } from './policy/clock';
import { RateGate } from './policy/gate';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './policy/retry';
import { ServiceClock } from './policy/serviceClock';
import { abortOn, cancelSignalOf, type ApiContext } from './request/attempt';
import { sendWithRetries } from './request/loop';
import { prepareRequest, type CredentialsPerItem, type RequestOptions } from './request/prepare';

export { CREDENTIAL_TYPE, type ApiContext } from './request/attempt';
export { apiPath, MAX_BODY_BYTES, type RequestOptions } from './request/prepare';

export interface TransportSettings {
	retry: RetryPolicy;
	/** A listing's pages in flight at most (w): 1, 2, 4... as it proves long, fewer after a 429. */
	pagesInFlight: number;
	/** A listing not ended after this many pages fails (about 990,000 assets): it does not page. */
	maxPages: number;
	clock: Clock;
}

export const DEFAULT_TRANSPORT_SETTINGS: Readonly<TransportSettings> = {
	retry: DEFAULT_RETRY_POLICY,
	pagesInFlight: 8,
	maxPages: 10_000,
	clock: REAL_CLOCK,
};

export class AssetWorkspaceTransport {
	private readonly gate: RateGate;
	private readonly serviceClock = new ServiceClock();
	private readonly credentials: CredentialsPerItem = new Map();

	/** `shutUntil`: a 429 seen before (a trigger's last poll) shuts the rate gate until then. */
	constructor(
		private readonly ctx: ApiContext,
		readonly settings: TransportSettings = DEFAULT_TRANSPORT_SETTINGS,
		shutUntil?: number,
	) {
		this.gate = new RateGate(settings.clock, shutUntil);
	}

	get node() {
		return this.ctx.getNode();
	}

	get rateLimitedUntil() {
		return this.gate.shutUntilMs;
	}

	/** Whether a 429 asked for a wait longer than the retry policy allows (its request failed). */
	get askedToWaitTooLong() {
		return this.gate.refusedUntilMs > 0;
	}

	/** The service's time (ms) at our time `at` (by default now), as its answers' dates tell it. */
	serviceTime(at = this.settings.clock.now()) {
		return at + this.serviceClock.offsetMs;
	}

	/** One API call: retried by the policy, validated with `schema`, errors as node errors. */
	async request<T extends Schema>(options: RequestOptions<T>): Promise<Parsed<T>> {
		return (await this.send(options, false)) as Parsed<T>;
	}

	/** The same, but a 404 answers `null` instead of failing. */
	async requestOrNotFound<T extends Schema>(options: RequestOptions<T>) {
		return await this.send(options, true);
	}

	private async send<T extends Schema>(options: RequestOptions<T>, notFoundIsNull: boolean) {
		const stop = abortOn(cancelSignalOf(this.ctx), options.signal);
		try {
			const prepared = await prepareRequest(this.ctx, options, this.credentials);
			const { retry, clock } = this.settings;
			const sender = {
				ctx: this.ctx,
				retry,
				clock,
				gate: this.gate,
				serviceClock: this.serviceClock,
			};
			const until = options.until ?? Infinity;
			const request = { schema: options.schema, until, notFoundIsNull, cancel: stop.signal };
			return await sendWithRetries(sender, prepared, request);
		} finally {
			stop.release();
		}
	}
}
