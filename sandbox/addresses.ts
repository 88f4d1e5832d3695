/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Where the sandbox can be reached from, given the address it listens on. On a wildcard address
 * (`--host 0.0.0.0`, every interface) the address itself is no place to connect to: this machine
 * uses loopback, other machines one of its network addresses, and an n8n in Docker the host's
 * name inside containers, host.docker.internal.
 */
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';

const WILDCARDS: Record<string, string> = { '0.0.0.0': '127.0.0.1', '::': '::1' };

const urlOf = (host: string, port: number) =>
	`http://${host.includes(':') ? `[${host}]` : host}:${port}`;

export const isWildcard = (address: AddressInfo) => address.address in WILDCARDS;

/** The URL this machine connects to (loopback when the sandbox listens on every interface). */
export function localUrl(address: AddressInfo): string {
	return urlOf(WILDCARDS[address.address] ?? address.address, address.port);
}

/** This machine's own IPv4 addresses other than loopback (what other machines may reach). */
export function networkAddresses(): string[] {
	return Object.values(networkInterfaces())
		.flat()
		.filter((i) => i !== undefined && i.family === 'IPv4' && !i.internal)
		.map((i) => i!.address);
}

/** What to tell a user about reaching the sandbox from elsewhere: [label, text] rows for the CLI. */
export function reachableFrom(address: AddressInfo): Array<[string, string]> {
	if (!isWildcard(address))
		return [
			[
				'Elsewhere:',
				`only this machine can reach ${address.address}; for n8n in Docker or on another machine, --host 0.0.0.0 (docs/sandbox.md)`,
			],
		];
	return [
		...networkAddresses().map((ip): [string, string] => [
			'From other machines:',
			urlOf(ip, address.port),
		]),
		[
			'From n8n in Docker:',
			`http://host.docker.internal:${address.port} (Docker Desktop; on Linux, docker run --add-host=host.docker.internal:host-gateway)`,
		],
		['', 'the credential then needs "Allow Plain HTTP to Any Host" (the key travels unencrypted)'],
		['Every interface:', 'anyone who can reach this machine can use the keys below'],
	];
}
