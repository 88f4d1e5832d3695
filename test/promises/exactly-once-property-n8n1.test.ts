/** The 1,000-job property test (exactly-once-property.ts) with n8n 1.123's way of keeping a poll's state. */
import { jobsFireExactlyOnce } from './exactly-once-property';

jobsFireExactlyOnce('n8n1');
