/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * n8n's own REST API (/rest, the editor's) for a running `n8n start`: the owner account, its
 * personal project, data tables and executions. What a suite does with workflows and credentials
 * through it: rest-workflows.ts. Each request goes on a connection of its own
 * (test/harness/fresh-http.ts: no kept-alive connection to race n8n closing it).
 */
import { freshRequest } from '../test/harness/fresh-http';

export const OWNER_ACCOUNT = {
	email: 'owner@example.com',
	firstName: 'Ada',
	lastName: 'Owner',
	password: 'Screenshots-only-1',
};

/** The body of a 500 that n8n 1.123 answers a read with under load, and not the next time. */
const PASSING_500 = 'Transaction is not started yet';
/** Far above what a loaded machine needs for n8n to answer again (its start, a busy database). */
const ANSWER_WITHIN_MS = 180_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class N8nRest {
	/**
	 * The session cookie, once signed in. A shared n8n's host signs in once and hands it to every
	 * suite (n8n limits logins to a few a minute per address).
	 */
	cookie = '';

	constructor(readonly base: string) {}

	/**
	 * A request to /rest. Right after it says it is ready, n8n 1.x answers 404 for a few seconds,
	 * and on a busy machine n8n may answer 503 (its database ping timed out) or answer a read with a
	 * passing 500 ("Transaction is not started yet", n8n 1.123's SQLite): each is asked again. A
	 * request that got no answer is sent again only when it is a read or never reached n8n (a
	 * refused connection): a POST that reached it may have done its work.
	 */
	async call(method: string, path: string, body?: unknown): Promise<any> {
		const deadline = Date.now() + ANSWER_WITHIN_MS;
		for (;;) {
			const again = Date.now() < deadline;
			const res = await freshRequest(`${this.base}/rest${path}`, {
				method,
				headers: {
					'content-type': 'application/json',
					...(this.cookie ? { cookie: this.cookie } : {}),
				},
				body: body === undefined ? undefined : JSON.stringify(body),
			}).catch((error: NodeJS.ErrnoException) => {
				if (again && (method === 'GET' || error.code === 'ECONNREFUSED')) return undefined;
				throw new Error(`n8n ${method} /rest${path}: ${error.message}`);
			});
			const passing =
				res && method === 'GET' && res.status === 500 && res.text.includes(PASSING_500);
			if (!res || (again && ([404, 503].includes(res.status) || passing))) {
				await sleep(250);
				continue;
			}
			if (!res.ok)
				throw new Error(`n8n ${method} /rest${path}: ${res.status} ${res.text.slice(0, 500)}`);
			const auth = res.headers.get('set-cookie')?.match(/n8n-auth=[^;]+/)?.[0];
			if (auth) this.cookie = auth;
			return res.text ? JSON.parse(res.text).data : undefined;
		}
	}

	/** Creates the owner on a fresh n8n (or logs in when it exists) and keeps the session cookie. */
	async signIn(account: typeof OWNER_ACCOUNT = OWNER_ACCOUNT) {
		try {
			await this.call('POST', '/owner/setup', account);
		} catch {
			await this.logIn(account);
		}
	}

	/** Logs in as an existing user and keeps the session cookie. */
	async logIn(account: { email: string; password: string }) {
		await this.call('POST', '/login', {
			emailOrLdapLoginId: account.email,
			password: account.password,
		});
	}

	async personalProject(): Promise<string> {
		return (await this.call('GET', '/projects/personal')).id;
	}

	async createDataTable(name: string, columns: Array<{ name: string; type: string }>) {
		const project = await this.personalProject();
		const table = await this.call('POST', `/projects/${project}/data-tables`, { name, columns });
		return { id: table.id as string, project };
	}

	async dataTableRows(project: string, table: string): Promise<any[]> {
		return (await this.call('GET', `/projects/${project}/data-tables/${table}/rows`)).data;
	}

	/** The executions of a workflow, newest first: id, status, mode, startedAt, stoppedAt. */
	async executions(workflowId: string): Promise<any[]> {
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		const list = await this.call('GET', `/executions?filter=${filter}&limit=100`);
		return list.results ?? list;
	}
}
