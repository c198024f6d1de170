/**
 * Preloaded (`--import`) into the server processes the multi-instance and restart suites
 * start. Their stdin is a pipe from the test worker; when the worker goes away in any way —
 * a failed run, a SIGKILL, a crash that skips afterAll — the kernel closes the pipe and the
 * server leaves with it, so no test leaves a server behind listening on its port.
 */
process.stdin.on('end', () => process.exit(1));
process.stdin.on('error', () => process.exit(1));
process.stdin.resume();
