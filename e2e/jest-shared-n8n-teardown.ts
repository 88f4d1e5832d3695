/** jest's globalTeardown of an e2e project: stops the shared n8n its globalSetup started. */
import { hosts } from './jest-shared-n8n';

export default async function teardown() {
	await Promise.all([...hosts().values()].map((n8n) => n8n.close()));
}
