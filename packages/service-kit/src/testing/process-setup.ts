// Loaded (--import) into the processes tests start.
import { blockOutboundNetwork } from './outbound-network.js';

// The same block as in the test runner; a blocked connection is printed, so it shows in the
// process's output that a failing test reports.
blockOutboundNetwork(({ host, port }) => console.error(`[test] outbound connection to ${host}:${port} blocked: tests reach only local servers`));

// The process ends with the runner that started it: its stdin is a pipe from the runner, which
// closes when the runner exits however it exits (a failed beforeAll, a timeout, a kill), so no
// service is left holding database connections. SIGTERM, so it shuts down as it would be stopped.
// Unreferenced: a script that ends on its own is not kept alive by it.
process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM'));
process.stdin.resume();
process.stdin.unref();
