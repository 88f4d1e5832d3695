/** The seeded orchestrations and Python assets, and the internal assets never shown. */
import { at, base, nightly } from './build';
import { SEED_IDS, FOLDER, USERS } from './ids';
import type { StoredAsset } from './types';

export function seedRunnables(): StoredAsset[] {
	return [
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
