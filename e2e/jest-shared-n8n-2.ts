// jest runs a globalSetup path once: each e2e line's project names its own (jest-shared-n8n.ts).
export { default } from './jest-shared-n8n';
