/** The service's times as ms: a time without a time zone is UTC (not n8n's local time). */
export function timeOf(time: string | null | undefined): number | undefined {
	if (!time) return undefined;
	const value = Date.parse(/T[\d:.]+$/.test(time) ? `${time}Z` : time);
	return Number.isNaN(value) ? undefined : value;
}
