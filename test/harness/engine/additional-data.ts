/** What the n8n server gives an execution: credentials, URLs and services. */
import type { ExecutionLifecycleHooks } from 'n8n-core';
import type { IWorkflowExecuteAdditionalData } from 'n8n-workflow';

import { TestCredentialsHelper } from './credentials-helper';
import { CREDENTIAL_TYPE } from './node-types';

export interface SandboxCredentials {
	baseUrl: string;
	apiKey: string;
	/** The credential's "Allow Plain HTTP to Any Host". */
	allowHttp?: boolean;
}

export function additionalDataFor(
	credentials: SandboxCredentials,
	hooks?: ExecutionLifecycleHooks,
): IWorkflowExecuteAdditionalData {
	return {
		credentialsHelper: new TestCredentialsHelper({ [CREDENTIAL_TYPE]: { ...credentials } }),
		hooks,
		executeWorkflow: async () => {
			throw new Error('sub-workflows are not used');
		},
		getRunExecutionData: async () => undefined,
		restApiUrl: 'http://localhost:5678/rest',
		instanceBaseUrl: 'http://localhost:5678/',
		formWaitingBaseUrl: 'http://localhost:5678/form-waiting',
		webhookBaseUrl: 'http://localhost:5678/webhook',
		webhookWaitingBaseUrl: 'http://localhost:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://localhost:5678/webhook-test',
		currentNodeParameters: undefined,
		executionTimeoutTimestamp: undefined,
		userId: 'test-user',
		variables: {},
		logAiEvent: () => {},
		startRunnerTask: async () => {
			throw new Error('code tasks are not used');
		},
	} as unknown as IWorkflowExecuteAdditionalData;
}
