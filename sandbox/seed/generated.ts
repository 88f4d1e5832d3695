/** Generated assets for scale tests: any number, spread over the root and the seeded folders. */
import { at, tool, version } from './build';
import { simpleCanvas } from './canvases';
import { FOLDER, USERS, stableUuid } from './ids';
import type { AssetType, Schedule, StoredAsset, TerminalStatus } from './types';

const GENERATED_KINDS: AssetType[] = ['Source', 'Model', 'Orchestration', 'Python'];
const GENERATED_OUTCOMES: TerminalStatus[] = ['success', 'success', 'warning', 'failed'];
const COMPUTE_PROFILES = ['Micro', 'X-Small', 'Small', 'Medium', 'Large', 'X-Large', '2X-Large'];

/**
 * Spellings the sandbox sorts as equal to a name (it sorts case aside): with `nearEqual`, each run
 * of four generated names is one name spelt four ways, next to each other in the listing.
 */
const SPELLINGS = [
	(name: string) => name,
	(name: string) => name.toLowerCase(),
	(name: string) => name.toUpperCase(),
	(name: string) => `g${name.slice(1).toUpperCase()}`,
];

/** `count` generated assets spread over the root and the seeded folders, for scale tests. */
export function generatedAssets(count: number, nearEqual = false): StoredAsset[] {
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
			name: nearEqual
				? SPELLINGS[i % 4](
						['Generated', String(Math.floor(i / 4) + 1).padStart(width, '0')].join(' '),
					)
				: ['Generated', type, String(i + 1).padStart(width, '0')].join(' '),
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
