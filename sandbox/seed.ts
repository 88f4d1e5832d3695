/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The sandbox's seeded workspace: deterministic, realistic sample data.
 * Every id is derived from a stable key, so the same seed gives the same ids on every machine.
 */
import { createHash } from 'node:crypto';

export type AssetType = 'Folder' | 'Model' | 'Source' | 'Orchestration' | 'Python' | 'Internal';
export type TerminalStatus = 'success' | 'warning' | 'failed';

export interface Owner {
	id: string | null;
	displayName: string | null;
	email: string | null;
}

export interface Schedule {
	cronExpression: string;
	timezone: string;
	nextRunAt: string | null;
}

export interface ModelVersion {
	id: string;
	versionNumber: number;
	recordType: string;
	published: boolean;
	comment: string;
	createdAt: string;
	updatedAt: string;
	nodes: Array<Record<string, unknown>>;
	edges: Array<Record<string, unknown>>;
	metadata: Record<string, unknown>;
}

export interface StoredAsset {
	id: string;
	name: string;
	description: string | null;
	type: AssetType;
	createdAt: string;
	updatedAt: string;
	owner: Owner;
	parentFolderId: string | null;
	schedules: Schedule[];
	details?: { tablePrefix?: string | null; computeProfile?: string | null };
	/** Outcome of a run of this asset (runnable kinds only). */
	outcome?: TerminalStatus;
	/** Model versions (models only). */
	versions?: ModelVersion[];
	/** The Variables step of a Python asset: names to values (stored encrypted on the real service). */
	variables?: Record<string, string>;
	/** Names the Python script reads with sdk.get_variable(name). */
	scriptReads?: string[];
	/** Secrets the real service keeps but never returns. They must never leave the sandbox. */
	secrets?: Record<string, string>;
}

/** A stable UUID (version 5 layout) derived from a key. */
export function stableUuid(key: string): string {
	const hex = createHash('sha1').update(`asset-workspace-sandbox:${key}`).digest('hex');
	const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
	// Joined, not concatenated: one flat string, not a tree of slices that keeps the digest alive.
	return [
		hex.slice(0, 8),
		hex.slice(8, 12),
		`5${hex.slice(13, 16)}`,
		`${variant}${hex.slice(17, 20)}`,
		hex.slice(20, 32),
	].join('-');
}

export const USERS = {
	alice: {
		id: stableUuid('user:alice'),
		displayName: 'Alice Moreau',
		email: 'alice.moreau@example.com',
	},
	bob: {
		id: stableUuid('user:bob'),
		displayName: 'Bob Lindqvist',
		email: 'bob.lindqvist@example.com',
	},
	priya: { id: stableUuid('user:priya'), displayName: 'Priya Raman', email: null },
	/** The owner of assets whose user was deleted: every field null. */
	deleted: { id: null, displayName: null, email: null },
} satisfies Record<string, Owner>;

export interface SandboxKey {
	key: string;
	user: Owner & { id: string };
	/** Folder ids whose contents (and the folder itself) this key cannot read. */
	hiddenFolderIds: string[];
}

/** Values that must never appear in any response of the public API. */
export const SEEDED_SECRETS = [
	'pg-Sup3rS3cret!',
	'sf-oauth-refresh-7f3c2a',
	'hr-sftp-p4ssw0rd',
	'xoxb-sandbox-slack-token',
	'fx-api-key-91b2',
];

const FOLDER = {
	finance: stableUuid('folder:finance'),
	financeArchive: stableUuid('folder:finance-archive'),
	marketing: stableUuid('folder:marketing'),
	people: stableUuid('folder:people-restricted'),
};

export const SEED_IDS = {
	folders: FOLDER,
	revenueForecast: stableUuid('model:revenue-forecast'),
	customerChurn: stableUuid('model:customer-churn'),
	inventoryProjection: stableUuid('model:inventory-projection'),
	headcountPlan: stableUuid('model:headcount-plan'),
	salesforceOpportunities: stableUuid('source:salesforce-opportunities'),
	webAnalytics: stableUuid('source:web-analytics'),
	postgresOrders: stableUuid('source:postgres-orders'),
	hrisExport: stableUuid('source:hris-export'),
	legacyLedger: stableUuid('source:legacy-ledger'),
	stripePayments: stableUuid('source:stripe-payments'),
	campaignAttribution: stableUuid('model:campaign-attribution'),
	nightlyFinance: stableUuid('orchestration:nightly-finance'),
	weeklyMarketing: stableUuid('orchestration:weekly-marketing'),
	payrollClose: stableUuid('orchestration:payroll-close'),
	slackNotifier: stableUuid('python:slack-notifier'),
	fxRatesLoader: stableUuid('python:fx-rates-loader'),
	salaryBands: stableUuid('python:salary-bands'),
	internalCache: stableUuid('internal:canvas-cache'),
	internalAudit: stableUuid('internal:audit-log'),
};

export const KEYS: SandboxKey[] = [
	{ key: 'aw_sandbox_owner', user: USERS.alice, hiddenFolderIds: [] },
	{ key: 'aw_sandbox_viewer', user: USERS.bob, hiddenFolderIds: [FOLDER.people] },
];

const at = (day: string, time = '09:00:00') => `2026-${day}T${time}.000Z`;

function tool(id: string, type: string, x: number, y: number, config: Record<string, unknown>) {
	return { id, type, position: { x, y }, config };
}

function edge(from: string, to: string, fromPort = 'output', toPort = 'input') {
	return {
		id: `${from}->${to}`,
		source: from,
		sourcePort: fromPort,
		target: to,
		targetPort: toPort,
	};
}

function field(name: string, type: string) {
	return { name, type };
}

/** A canvas that reads two inputs, cleans and joins them, derives a figure and writes a table. */
function forecastCanvas(version: number) {
	const nodes = [
		tool('n1', 'Input', 80, 120, {
			sourceName: 'Salesforce Opportunities',
			table: 'opportunities',
		}),
		tool('n2', 'Input', 80, 320, { sourceName: 'Postgres Orders', table: 'orders' }),
		tool('n3', 'Filter', 300, 120, { expression: "stage <> 'Closed Lost'" }),
		tool('n4', 'Join', 520, 220, { on: [['account_id', 'customer_id']], kind: 'left' }),
		tool('n5', 'Formula', 740, 220, {
			field: 'weighted_amount',
			expression: 'amount * probability / 100',
		}),
		tool('n6', 'Summarize', 960, 220, { groupBy: ['region', 'quarter'], sum: ['weighted_amount'] }),
		tool('n7', 'Output', 1180, 220, { table: 'revenue_forecast', mode: 'replace' }),
	];
	const edges = [
		edge('n1', 'n3'),
		edge('n3', 'n4', 'output', 'left'),
		edge('n2', 'n4', 'output', 'right'),
		edge('n4', 'n5'),
		edge('n5', 'n6'),
		edge('n6', 'n7'),
	];
	if (version >= 3) {
		nodes.splice(
			6,
			0,
			tool('n8', 'Sort', 1070, 360, { by: [{ field: 'weighted_amount', direction: 'desc' }] }),
		);
		edges.push(edge('n6', 'n8'));
	}
	const metadata = {
		fields: [
			field('region', 'string'),
			field('quarter', 'string'),
			field('weighted_amount', 'decimal'),
		],
		rowCountEstimate: 1840 + version * 12,
	};
	return { nodes, edges, metadata };
}

function churnCanvas(version: number) {
	const nodes = [
		tool('c1', 'Input', 60, 200, { sourceName: 'Web Analytics Sessions', table: 'sessions' }),
		tool('c2', 'Summarize', 280, 200, {
			groupBy: ['customer_id'],
			count: ['session_id'],
			max: ['visited_at'],
		}),
		tool('c3', 'Formula', 500, 200, {
			field: 'days_since_visit',
			expression: "date_diff('day', visited_at_max, now())",
		}),
		tool('c4', 'Filter', 720, 200, {
			expression: version > 1 ? 'days_since_visit > 45' : 'days_since_visit > 60',
		}),
		tool('c5', 'Output', 940, 200, { table: 'churn_risk', mode: 'replace' }),
	];
	const edges = [
		edge('c1', 'c2'),
		edge('c2', 'c3'),
		edge('c3', 'c4', 'output', 'input'),
		edge('c4', 'c5', 'true', 'input'),
	];
	return {
		nodes,
		edges,
		metadata: { fields: [field('customer_id', 'string'), field('days_since_visit', 'integer')] },
	};
}

function simpleCanvas(input: string, output: string) {
	return {
		nodes: [
			tool('s1', 'Input', 100, 160, { sourceName: input }),
			tool('s2', 'Select', 320, 160, { keep: ['*'], rename: {} }),
			tool('s3', 'Output', 540, 160, { table: output, mode: 'append' }),
		],
		edges: [edge('s1', 's2'), edge('s2', 's3')],
		metadata: { fields: [field('id', 'string'), field('updated_at', 'timestamp')] },
	};
}

function version(
	modelKey: string,
	versionNumber: number,
	published: boolean,
	comment: string,
	createdAt: string,
	canvas: {
		nodes: Array<Record<string, unknown>>;
		edges: Array<Record<string, unknown>>;
		metadata: Record<string, unknown>;
	},
): ModelVersion {
	return {
		id: stableUuid(`version:${modelKey}:${versionNumber}`),
		versionNumber,
		recordType: published ? 'published' : 'draft',
		published,
		comment,
		createdAt,
		updatedAt: createdAt,
		...canvas,
	};
}

const nightly: Schedule = {
	cronExpression: '0 2 * * *',
	timezone: 'Europe/Berlin',
	nextRunAt: '2026-11-23T01:00:00.000Z',
};

/** The seeded workspace. Internal-only assets are in it and must never be shown. */
export function seedAssets(): StoredAsset[] {
	const base = { description: null, schedules: [] as Schedule[], parentFolderId: null };
	const folder = (
		id: string,
		name: string,
		parentFolderId: string | null,
		owner: Owner,
		created: string,
		description: string | null = null,
	): StoredAsset => ({
		...base,
		id,
		name,
		description,
		type: 'Folder',
		createdAt: at(created),
		updatedAt: at(created, '10:30:00'),
		owner,
		parentFolderId,
	});
	return [
		folder(
			FOLDER.finance,
			'Finance',
			null,
			USERS.alice,
			'01-12',
			'Revenue, ledger and FX pipelines.',
		),
		folder(
			FOLDER.financeArchive,
			'Finance Archive',
			FOLDER.finance,
			USERS.alice,
			'02-03',
			'Retired finance assets kept for audit.',
		),
		folder(FOLDER.marketing, 'Marketing', null, USERS.bob, '01-15'),
		folder(
			FOLDER.people,
			'People (restricted)',
			null,
			USERS.priya,
			'01-20',
			'HR data: visible to the people team only.',
		),

		// Models
		{
			...base,
			id: SEED_IDS.revenueForecast,
			name: 'Revenue Forecast',
			description: 'Weighted pipeline by region and quarter.',
			type: 'Model',
			createdAt: at('02-10'),
			updatedAt: at('10-28', '16:45:12'),
			owner: USERS.alice,
			parentFolderId: FOLDER.finance,
			schedules: [nightly],
			details: { tablePrefix: 'fin_rev_' },
			outcome: 'success',
			versions: [
				version(
					'revenue-forecast',
					1,
					false,
					'First cut: opportunities only',
					at('02-10', '11:00:00'),
					forecastCanvas(1),
				),
				version(
					'revenue-forecast',
					2,
					true,
					'Join orders, weight by probability',
					at('06-02', '14:20:00'),
					forecastCanvas(2),
				),
				version(
					'revenue-forecast',
					3,
					false,
					'Draft: sort by weighted amount',
					at('10-28', '16:45:12'),
					forecastCanvas(3),
				),
			],
		},
		{
			...base,
			id: SEED_IDS.customerChurn,
			name: 'Customer Churn Risk',
			description: 'Customers with no visit in the last weeks. Not published yet.',
			type: 'Model',
			createdAt: at('05-05'),
			updatedAt: at('09-19', '08:12:40'),
			owner: USERS.bob,
			parentFolderId: FOLDER.marketing,
			details: { tablePrefix: null },
			outcome: 'success',
			versions: [
				version(
					'customer-churn',
					1,
					false,
					'Initial draft',
					at('05-05', '10:00:00'),
					churnCanvas(1),
				),
				version(
					'customer-churn',
					2,
					false,
					'Tighter window: 45 days',
					at('09-19', '08:12:40'),
					churnCanvas(2),
				),
			],
		},
		{
			...base,
			id: SEED_IDS.inventoryProjection,
			name: 'Inventory Projection',
			description: 'Projected stock per warehouse. Its runs end with warnings about late feeds.',
			type: 'Model',
			createdAt: at('03-14'),
			updatedAt: at('08-01'),
			owner: USERS.deleted,
			parentFolderId: null,
			schedules: [
				{
					cronExpression: '30 6 * * 1',
					timezone: 'America/New_York',
					nextRunAt: '2026-11-23T11:30:00.000Z',
				},
			],
			details: { tablePrefix: 'inv_' },
			outcome: 'warning',
			versions: [
				version(
					'inventory-projection',
					1,
					false,
					'Warehouse feed only',
					at('03-14'),
					simpleCanvas('Postgres Orders', 'inventory_raw'),
				),
				version(
					'inventory-projection',
					2,
					true,
					'Published for ops',
					at('08-01'),
					simpleCanvas('Postgres Orders', 'inventory_projection'),
				),
			],
		},
		{
			...base,
			id: SEED_IDS.headcountPlan,
			name: 'Headcount Plan',
			description: 'Planned hires by team.',
			type: 'Model',
			createdAt: at('04-01'),
			updatedAt: at('04-22'),
			owner: USERS.priya,
			parentFolderId: FOLDER.people,
			details: { tablePrefix: 'hc_' },
			outcome: 'success',
			versions: [
				version(
					'headcount-plan',
					1,
					true,
					'Approved plan',
					at('04-22'),
					simpleCanvas('HRIS Export', 'headcount_plan'),
				),
			],
		},

		// Sources
		{
			...base,
			id: SEED_IDS.salesforceOpportunities,
			name: 'Salesforce Opportunities',
			description: 'Open and closed opportunities, synced hourly.',
			type: 'Source',
			createdAt: at('01-12', '12:00:00'),
			updatedAt: at('11-02', '07:00:00'),
			owner: USERS.alice,
			parentFolderId: FOLDER.finance,
			schedules: [
				{ cronExpression: '0 * * * *', timezone: 'UTC', nextRunAt: '2026-11-22T13:00:00.000Z' },
			],
			outcome: 'success',
			secrets: { refreshToken: 'sf-oauth-refresh-7f3c2a' },
		},
		{
			...base,
			id: SEED_IDS.webAnalytics,
			name: 'Web Analytics Sessions',
			description: 'Sessions export. Some days arrive partially: runs end with a warning.',
			type: 'Source',
			createdAt: at('01-16'),
			updatedAt: at('10-10'),
			owner: USERS.bob,
			parentFolderId: FOLDER.marketing,
			schedules: [{ cronExpression: '15 3 * * *', timezone: 'Europe/London', nextRunAt: null }],
			outcome: 'warning',
		},
		{
			...base,
			id: SEED_IDS.postgresOrders,
			name: 'Postgres Orders',
			description: 'Orders table of the shop database. Its credentials expired: runs fail.',
			type: 'Source',
			createdAt: at('01-13'),
			updatedAt: at('07-07'),
			owner: USERS.alice,
			parentFolderId: null,
			outcome: 'failed',
			secrets: { password: 'pg-Sup3rS3cret!' },
		},
		{
			...base,
			id: SEED_IDS.hrisExport,
			name: 'HRIS Export',
			description: 'Nightly SFTP export of the HR system.',
			type: 'Source',
			createdAt: at('01-21'),
			updatedAt: at('06-30'),
			owner: USERS.priya,
			parentFolderId: FOLDER.people,
			schedules: [
				{
					cronExpression: '0 1 * * *',
					timezone: 'Asia/Kolkata',
					nextRunAt: '2026-11-22T19:30:00.000Z',
				},
			],
			outcome: 'success',
			secrets: { sftpPassword: 'hr-sftp-p4ssw0rd' },
		},
		{
			...base,
			id: SEED_IDS.legacyLedger,
			name: 'Legacy Ledger 2019',
			description: 'Read-only copy of the old ledger.',
			type: 'Source',
			createdAt: at('02-03', '11:00:00'),
			updatedAt: at('02-03', '11:00:00'),
			owner: USERS.deleted,
			parentFolderId: FOLDER.financeArchive,
			outcome: 'success',
		},

		{
			...base,
			id: SEED_IDS.stripePayments,
			name: 'Stripe Payments',
			description: 'Charges and refunds from the payment provider.',
			type: 'Source',
			createdAt: at('03-21'),
			updatedAt: at('11-20', '22:10:00'),
			owner: USERS.bob,
			parentFolderId: null,
			schedules: [
				{ cronExpression: '*/30 * * * *', timezone: 'UTC', nextRunAt: '2026-11-22T12:30:00.000Z' },
			],
			outcome: 'success',
		},
		{
			...base,
			id: SEED_IDS.campaignAttribution,
			name: 'Campaign Attribution',
			description: 'Last-touch attribution of orders to campaigns.',
			type: 'Model',
			createdAt: at('06-11'),
			updatedAt: at('11-03'),
			owner: USERS.bob,
			parentFolderId: FOLDER.marketing,
			details: { tablePrefix: 'mkt_attr_' },
			outcome: 'success',
			versions: [
				version(
					'campaign-attribution',
					1,
					true,
					'Last touch, 30-day window',
					at('06-11'),
					simpleCanvas('Web Analytics Sessions', 'campaign_attribution'),
				),
				version(
					'campaign-attribution',
					2,
					false,
					'Draft: first touch for comparison',
					at('11-03'),
					simpleCanvas('Web Analytics Sessions', 'campaign_attribution_ft'),
				),
			],
		},

		// Orchestrations
		{
			...base,
			id: SEED_IDS.nightlyFinance,
			name: 'Nightly Finance Refresh',
			description: 'Sources, then the forecast, then the FX loader.',
			type: 'Orchestration',
			createdAt: at('02-20'),
			updatedAt: at('10-30'),
			owner: USERS.alice,
			parentFolderId: FOLDER.finance,
			schedules: [
				nightly,
				{
					cronExpression: '0 14 * * 1-5',
					timezone: 'Europe/Berlin',
					nextRunAt: '2026-11-23T13:00:00.000Z',
				},
			],
			details: { computeProfile: 'Medium' },
			outcome: 'success',
		},
		{
			...base,
			id: SEED_IDS.weeklyMarketing,
			name: 'Weekly Marketing Rollup',
			description: null,
			type: 'Orchestration',
			createdAt: at('03-03'),
			updatedAt: at('09-01'),
			owner: USERS.bob,
			parentFolderId: FOLDER.marketing,
			schedules: [
				{
					cronExpression: '0 7 * * 1',
					timezone: 'Europe/London',
					nextRunAt: '2026-11-23T07:00:00.000Z',
				},
			],
			details: { computeProfile: 'Small' },
			outcome: 'failed',
		},
		{
			...base,
			id: SEED_IDS.payrollClose,
			name: 'Payroll Close',
			description: 'Month-end payroll reconciliation.',
			type: 'Orchestration',
			createdAt: at('04-02'),
			updatedAt: at('10-31'),
			owner: USERS.priya,
			parentFolderId: FOLDER.people,
			schedules: [
				{
					cronExpression: '0 18 28 * *',
					timezone: 'Asia/Kolkata',
					nextRunAt: '2026-11-28T12:30:00.000Z',
				},
			],
			details: { computeProfile: 'Large' },
			outcome: 'success',
		},

		// Python assets
		{
			...base,
			id: SEED_IDS.slackNotifier,
			name: 'Slack Notifier',
			description:
				'Posts a message to a Slack channel. Reads CHANNEL and SLACK_TOKEN, and MESSAGE if given.',
			type: 'Python',
			createdAt: at('05-12'),
			updatedAt: at('05-12', '15:00:00'),
			owner: USERS.alice,
			parentFolderId: null,
			outcome: 'success',
			variables: { SLACK_TOKEN: 'xoxb-sandbox-slack-token', CHANNEL: '#data-alerts' },
			scriptReads: ['SLACK_TOKEN', 'CHANNEL'],
		},
		{
			...base,
			id: SEED_IDS.fxRatesLoader,
			name: 'FX Rates Loader',
			description:
				'Loads daily FX rates. Needs RUN_DATE as an execute parameter: without it the run fails.',
			type: 'Python',
			createdAt: at('06-18'),
			updatedAt: at('10-02'),
			owner: USERS.alice,
			parentFolderId: FOLDER.finance,
			details: { computeProfile: 'X-Small' },
			outcome: 'success',
			variables: { FX_API_KEY: 'fx-api-key-91b2', BASE_CURRENCY: 'EUR' },
			scriptReads: ['FX_API_KEY', 'BASE_CURRENCY', 'RUN_DATE'],
		},
		{
			...base,
			id: SEED_IDS.salaryBands,
			name: 'Salary Bands Refresh',
			description: null,
			type: 'Python',
			createdAt: at('07-01'),
			updatedAt: at('07-01'),
			owner: USERS.priya,
			parentFolderId: FOLDER.people,
			outcome: 'success',
			variables: { BAND_YEAR: '2026' },
			scriptReads: ['BAND_YEAR'],
		},

		// Internal-only: exist in the store, never shown anywhere.
		{
			...base,
			id: SEED_IDS.internalCache,
			name: 'Canvas Autosave Cache',
			type: 'Internal',
			createdAt: at('01-01'),
			updatedAt: at('11-21'),
			owner: USERS.alice,
		},
		{
			...base,
			id: SEED_IDS.internalAudit,
			name: 'Audit Log Sink',
			type: 'Internal',
			createdAt: at('01-01'),
			updatedAt: at('11-21'),
			owner: USERS.alice,
			parentFolderId: FOLDER.finance,
		},
	];
}

const GENERATED_KINDS: AssetType[] = ['Source', 'Model', 'Orchestration', 'Python'];
const GENERATED_OUTCOMES: TerminalStatus[] = ['success', 'success', 'warning', 'failed'];
const COMPUTE_PROFILES = ['Micro', 'X-Small', 'Small', 'Medium', 'Large', 'X-Large', '2X-Large'];

/** `count` generated assets spread over the root and the seeded folders, for scale tests. */
export function generatedAssets(count: number): StoredAsset[] {
	const folders = [null, FOLDER.finance, FOLDER.marketing, FOLDER.financeArchive, FOLDER.people];
	const width = String(count).length;
	// Shared by every generated asset (nothing changes them in place): less to build and to keep.
	const [createdAt, updatedAt] = [at('09-01'), at('09-02')];
	const schedules: Schedule[] = [];
	const canvas = simpleCanvas('Generated input', 'gen');
	return Array.from({ length: count }, (_, i) => {
		const type = GENERATED_KINDS[i % GENERATED_KINDS.length];
		const key = `generated:${i}`;
		const asset: StoredAsset = {
			id: stableUuid(key),
			// Joined, so each is one flat string rather than a tree of pieces.
			name: ['Generated', type, String(i + 1).padStart(width, '0')].join(' '),
			description: ['Generated asset ', i + 1, ' of ', count, '.'].join(''),
			type,
			createdAt,
			updatedAt,
			owner: i % 7 === 0 ? USERS.deleted : USERS.alice,
			parentFolderId: folders[i % folders.length],
			schedules,
			outcome: GENERATED_OUTCOMES[i % GENERATED_OUTCOMES.length],
		};
		if (type === 'Model') {
			asset.details = { tablePrefix: `gen_${i}_` };
			asset.versions = [
				version(
					key,
					1,
					true,
					'Generated',
					updatedAt,
					// simpleCanvas('Generated input', `gen_${i}`), its unchanging parts shared.
					{
						...canvas,
						nodes: [
							canvas.nodes[0],
							canvas.nodes[1],
							tool('s3', 'Output', 540, 160, { table: `gen_${i}`, mode: 'append' }),
						],
					},
				),
			];
		}
		if (type === 'Orchestration')
			asset.details = { computeProfile: COMPUTE_PROFILES[i % COMPUTE_PROFILES.length] };
		if (type === 'Python') {
			asset.variables = { TARGET: `table_${i}` };
			asset.scriptReads = ['TARGET'];
		}
		return asset;
	});
}
