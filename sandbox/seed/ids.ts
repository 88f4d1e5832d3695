/**
 * The seeded workspace's names: users, folders, assets, keys and the secrets that must never leave
 * the sandbox. Every id is derived from a stable key, so the same seed gives the same ids on every
 * machine.
 */
import { createHash } from 'node:crypto';

import type { Owner, SandboxKey } from './types';

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

/** Values that must never appear in any response of the public API. */
export const SEEDED_SECRETS = [
	'pg-Sup3rS3cret!',
	'sf-oauth-refresh-7f3c2a',
	'hr-sftp-p4ssw0rd',
	'xoxb-sandbox-slack-token',
	'fx-api-key-91b2',
];

export const FOLDER = {
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
