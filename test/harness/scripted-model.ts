/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * A scripted OpenAI-compatible chat model on loopback, for n8n's AI Agent in end-to-end tests:
 * POST /v1/chat/completions answers with what `script` decides from the conversation so far (a
 * tool call or a final text), GET /v1/models lists one model. Every request body is kept, so a
 * test can read exactly what the model was offered (tools, descriptions, parameter schemas) and
 * what the tools answered.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatMessage {
	role: 'system' | 'user' | 'assistant' | 'tool';
	content?: string | null;
	tool_calls?: Array<{
		id: string;
		type: 'function';
		function: { name: string; arguments: string };
	}>;
	tool_call_id?: string;
}

export type Step = { call: string; args: Record<string, unknown> } | { say: string };

export interface ScriptedModel {
	/** The base URL for n8n's OpenAI credential (`url`), with the /v1 prefix. */
	url: string;
	/** Every request body the model received, in order. */
	requests: any[];
	/** Every raw request text, to search for secrets. */
	raw: string[];
	close(): Promise<void>;
}

/** The tool results in a conversation, as the agent sent them back (parsed JSON where it is JSON). */
export function toolResults(messages: ChatMessage[]): Array<{ name: string; result: any }> {
	const calls = new Map<string, string>();
	for (const m of messages) for (const c of m.tool_calls ?? []) calls.set(c.id, c.function.name);
	return messages
		.filter((m) => m.role === 'tool')
		.map((m) => {
			let result: any = m.content;
			try {
				result = JSON.parse(String(m.content));
			} catch {
				// plain text
			}
			return { name: calls.get(m.tool_call_id ?? '') ?? '?', result };
		});
}

export async function scriptedModel(
	script: (messages: ChatMessage[]) => Step,
): Promise<ScriptedModel> {
	const requests: any[] = [];
	const raw: string[] = [];
	let calls = 0;
	const server: Server = createServer((req, res) => {
		let text = '';
		req.on('data', (chunk) => (text += chunk));
		req.on('end', () => {
			raw.push(`${req.method} ${req.url}\n${JSON.stringify(req.headers)}\n${text}`);
			const reply = (status: number, body: unknown) => {
				res.writeHead(status, { 'content-type': 'application/json' });
				res.end(JSON.stringify(body));
			};
			if (req.method === 'GET' && req.url?.endsWith('/models')) {
				return reply(200, { object: 'list', data: [{ id: 'scripted', object: 'model' }] });
			}
			if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
				return reply(404, { error: { message: `not scripted: ${req.method} ${req.url}` } });
			}
			const body = JSON.parse(text);
			requests.push(body);
			let step: Step;
			try {
				step = script(body.messages as ChatMessage[]);
			} catch (error) {
				step = { say: `SCRIPT ERROR: ${(error as Error).message}` };
			}
			const message =
				'call' in step
					? {
							role: 'assistant',
							content: null,
							tool_calls: [
								{
									id: `call_${++calls}`,
									type: 'function',
									function: { name: step.call, arguments: JSON.stringify(step.args) },
								},
							],
						}
					: { role: 'assistant', content: step.say };
			reply(200, {
				id: `chatcmpl-${requests.length}`,
				object: 'chat.completion',
				created: Math.floor(Date.now() / 1000),
				model: body.model,
				choices: [{ index: 0, message, finish_reason: 'call' in step ? 'tool_calls' : 'stop' }],
				usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
			});
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/v1`,
		requests,
		raw,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
