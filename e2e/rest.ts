/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * n8n's own REST API (/rest, the editor's) for a running `n8n start`: the owner account, its
 * personal project, data tables and executions. Used by the screenshots and by the end-to-end
 * tests that need what only a server has (data tables, active workflows' executions).
 */
export const OWNER_ACCOUNT = {
	email: 'owner@example.com',
	firstName: 'Ada',
	lastName: 'Owner',
	password: 'Screenshots-only-1',
};

/** The body of a 500 that n8n 1.123 answers a read with under load, and not the next time. */
const PASSING_500 = 'Transaction is not started yet';

export class N8nRest {
	private cookie = '';

	constructor(private readonly base: string) {}

	/**
	 * A request to /rest. Right after it says it is ready, n8n 1.x answers 404 for a few seconds,
	 * and on a busy machine n8n may drop a connection or answer 503 (its database ping timed
	 * out), or answer a read with a passing 500 ("Transaction is not started yet", n8n 1.123's
	 * SQLite): each is asked again, for up to a minute.
	 */
	async call(method: string, path: string, body?: unknown): Promise<any> {
		const deadline = Date.now() + 60_000;
		for (;;) {
			const res = await fetch(`${this.base}/rest${path}`, {
				method,
				headers: {
					'content-type': 'application/json',
					...(this.cookie ? { cookie: this.cookie } : {}),
				},
				body: body === undefined ? undefined : JSON.stringify(body),
			}).catch((error: Error) => {
				if (Date.now() < deadline) return undefined;
				throw new Error(`n8n ${method} /rest${path}: ${error.message} (${String(error.cause)})`);
			});
			if (!res || ([404, 503].includes(res.status) && Date.now() < deadline)) {
				await new Promise((resolve) => setTimeout(resolve, 250));
				continue;
			}
			const text = await res.text();
			const passing = method === 'GET' && res.status === 500 && text.includes(PASSING_500);
			if (passing && Date.now() < deadline) {
				await new Promise((resolve) => setTimeout(resolve, 250));
				continue;
			}
			if (!res.ok)
				throw new Error(`n8n ${method} /rest${path}: ${res.status} ${text.slice(0, 500)}`);
			const auth = res.headers.get('set-cookie')?.match(/n8n-auth=[^;]+/)?.[0];
			if (auth) this.cookie = auth;
			return text ? JSON.parse(text).data : undefined;
		}
	}

	/** Creates the owner on a fresh n8n (or logs in when it exists) and keeps the session cookie. */
	async signIn(account: typeof OWNER_ACCOUNT = OWNER_ACCOUNT) {
		try {
			await this.call('POST', '/owner/setup', account);
		} catch {
			await this.call('POST', '/login', {
				emailOrLdapLoginId: account.email,
				password: account.password,
			});
		}
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
