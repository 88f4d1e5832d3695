/** The option two events share: fire for what exists at the first poll, instead of learning it. */
import type { INodeProperties } from 'n8n-workflow';

export const fireForWhatExists = (what: string): INodeProperties => ({
	displayName: 'Fire for What Exists',
	name: 'emitExisting',
	type: 'boolean',
	default: false,
	description: `Whether the first poll fires ${what}. Off: it learns what exists and fires only for what comes after.`,
});
