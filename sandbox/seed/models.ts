/** The seeded models and their versions: published, drafts only, an owner since deleted. */
import { at, base, nightly, version } from './build';
import { churnCanvas, forecastCanvas, simpleCanvas } from './canvases';
import { SEED_IDS, FOLDER, USERS } from './ids';
import type { StoredAsset } from './types';

export function seedModels(): StoredAsset[] {
	return [
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
	];
}
