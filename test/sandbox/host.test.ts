/* eslint-disable no-console -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * `--host 0.0.0.0` listens on every interface, so an n8n in Docker (or on another machine) can
 * reach it; by default only loopback is. Docker itself is not on the test machine: what is tested
 * is the listening address and an answer on a non-loopback address of this machine (skipped, with
 * the reason logged, on a machine without one). About 0.5 s.
 */
import { networkAddresses } from '../../sandbox/addresses';
import { startSandbox } from '../../sandbox/server';
import { freshRequest } from '../harness/fresh-http';
import { OWNER } from '../harness/http';

const listing = (base: string) =>
	freshRequest(`${base}/api/public/v1/assets?limit=1`, {
		headers: { authorization: `Bearer ${OWNER}` },
	});

/** A non-loopback address of this machine, or undefined (and why) when it has none. */
function otherAddress(): string | undefined {
	const [ip] = networkAddresses();
	if (!ip) console.log('skipped: this machine has no IPv4 address other than loopback');
	return ip;
}

test('--host 0.0.0.0 listens on every interface and answers on a non-loopback address', async () => {
	const sandbox = await startSandbox({ host: '0.0.0.0' });
	try {
		expect(sandbox.address).toMatchObject({ address: '0.0.0.0', family: 'IPv4' });
		expect(sandbox.url).toBe(`http://127.0.0.1:${sandbox.port}`);
		expect((await listing(sandbox.url)).status).toBe(200);
		const ip = otherAddress();
		if (ip) expect((await listing(`http://${ip}:${sandbox.port}`)).status).toBe(200);
	} finally {
		await sandbox.close();
	}
});

test('by default it listens on loopback only: a non-loopback address is refused', async () => {
	const sandbox = await startSandbox();
	try {
		expect(sandbox.address).toMatchObject({ address: '127.0.0.1' });
		expect((await listing(sandbox.url)).status).toBe(200);
		const ip = otherAddress();
		if (ip)
			await expect(listing(`http://${ip}:${sandbox.port}`)).rejects.toMatchObject({
				code: 'ECONNREFUSED',
			});
	} finally {
		await sandbox.close();
	}
});
