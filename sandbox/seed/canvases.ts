/** The seeded models' canvases: the graphs their versions hold. */
import { edge, field, tool } from './build';

/** A canvas that reads two inputs, cleans and joins them, derives a figure and writes a table. */
export function forecastCanvas(version: number) {
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

export function churnCanvas(version: number) {
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

export function simpleCanvas(input: string, output: string) {
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
