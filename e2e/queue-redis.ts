/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Queue mode's Redis: our own `redis-server` on a free port, nothing saved to disk, stopped with
 * the test's process however that ends.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';

import { freePort } from './ports';
import { dieWithThisProcess, type Guard } from './processes';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class QueueRedis {
	port = 0;
	private redis?: ChildProcess;
	private guard?: Guard;

	/** Starts it; `ready` waits until it answers. */
	async start() {
		this.port = await freePort();
		this.redis = spawn(
			'redis-server',
			['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
			{ stdio: 'ignore' },
		);
		this.guard = dieWithThisProcess(this.redis.pid!);
	}

	/** Sends one command (inline, as redis-cli would) and gives the first line of the answer. */
	command(text: string): Promise<string | undefined> {
		return new Promise((resolve) => {
			const socket = connect(this.port, '127.0.0.1', () => socket.write(`${text}\r\n`));
			socket.on('data', (data) => {
				socket.destroy();
				resolve(data.toString().split('\r\n')[0]);
			});
			socket.on('error', () => resolve(undefined));
		});
	}

	/** Waits until it answers PING (10 s at most). */
	async ready() {
		for (let tries = 0; tries < 100; tries++) {
			if ((await this.command('PING')) === '+PONG') return;
			await sleep(100);
		}
		throw new Error('redis-server did not answer PING');
	}

	stop() {
		this.redis?.kill('SIGKILL');
		this.guard?.release();
	}
}
