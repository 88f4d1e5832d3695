/** The 1,000-job property test (property.ts) with n8n 2.41's default way of keeping a poll's state. */
import { jobsFireExactlyOnce } from './property';

jobsFireExactlyOnce('default');
