/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- dev-only code, never published: it runs on Node.js, outside n8n */
/** The seeded sources (and the model reading them): some with secrets the real service keeps and never returns. */
import { at, base, version } from './build';
import { simpleCanvas } from './canvases';
import { SEED_IDS, FOLDER, USERS } from './ids';
import type { StoredAsset } from './types';

export function seedSources(): StoredAsset[] {
	return [
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
	];
}
