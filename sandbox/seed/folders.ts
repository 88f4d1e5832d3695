/** The seeded folders: two at the root, one inside Finance, one a viewer key cannot read. */
import { folder } from './build';
import { FOLDER, USERS } from './ids';
import type { StoredAsset } from './types';

export function seedFolders(): StoredAsset[] {
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
	];
}
