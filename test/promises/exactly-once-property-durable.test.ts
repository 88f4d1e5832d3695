/** The 1,000-job property test (exactly-once-property.ts) with n8n 2.41's durable poll cursors' way of keeping a poll's state. */
import { jobsFireExactlyOnce } from './exactly-once-property';

jobsFireExactlyOnce('durable');
