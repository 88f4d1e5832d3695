/** The 1,000-job property test (property.ts) with n8n 1.123's way of keeping a poll's state. */
import { jobsFireExactlyOnce } from './property';

jobsFireExactlyOnce('n8n1');
