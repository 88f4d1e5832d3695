/** What the trigger fired, as short lines a test can compare. */
import type { IDataObject } from 'n8n-workflow';

/** The Asset events fired, as `<event> <name or id>`. */
export const assetEventsOf = (items: IDataObject[] | null) =>
	(items ?? []).map((i) => `${String(i.event)} ${String(i.name ?? i.id)}`);

/** The jobs fired, as `<jobId> <status>`. */
export const jobEventsOf = (items: IDataObject[] | null) =>
	(items ?? []).map((i) => `${String(i.jobId)} ${String(i.status)}`);
