// Loaded (--import) into the processes tests start: the same block as in the test runner; a
// blocked connection is printed, so it shows in the process's output that a failing test reports.
import { blockOutboundNetwork } from './outbound-network.js';

blockOutboundNetwork(({ host, port }) => console.error(`[test] outbound connection to ${host}:${port} blocked: tests reach only local servers`));
