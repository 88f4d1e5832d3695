// The lean form of a model version: the summary plus the shape of its canvas, not the canvas.
import type { Version } from '../../shared/schemas';

export function simplifyVersion(version: Version) {
	const { nodes, edges, metadata, ...summary } = version;
	void metadata;
	const toolTypes = [
		...new Set(
			nodes.map((node) => node.type).filter((type): type is string => typeof type === 'string'),
		),
	].sort();
	return { ...summary, nodeCount: nodes.length, edgeCount: edges.length, toolTypes };
}
