import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** One thing to close on the way out, in order: its name shows in the log with how long it took. */
export interface ShutdownStep {
  name: string;
  /** `remainingMs`: what is left of the shutdown's time (for pg-boss's graceful stop) */
  run: (remainingMs: number) => Promise<void>;
}

/**
 * Graceful shutdown on SIGTERM (an orchestrator, systemd, `docker stop`) and SIGINT (Ctrl-C):
 * the steps run one after another (server.ts: stop accepting and finish the requests in flight,
 * then the jobs in hand, then the database), and the process exits 0. A step that throws, or
 * the whole taking more than `timeoutMs`, exits 1; a second signal exits 1 at once.
 */
export function closeOnSignals(steps: ShutdownStep[], options: { log: FastifyBaseLogger; timeoutMs: number; exit?: (code: number) => void }) {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const { log } = options;
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) {
      log.warn({ signal }, 'second signal: leaving without finishing');
      exit(1);
      return;
    }
    closing = true;
    const deadline = Date.now() + options.timeoutMs;
    log.info({ signal, timeoutMs: options.timeoutMs }, 'shutting down: finishing what is in hand');
    const force = setTimeout(() => {
      log.error({ timeoutMs: options.timeoutMs }, 'shutdown took too long: leaving anyway');
      exit(1);
    }, options.timeoutMs);
    force.unref();
    try {
      for (const step of steps) {
        const started = Date.now();
        await step.run(Math.max(0, deadline - started));
        log.info({ step: step.name, ms: Date.now() - started }, 'shutdown: closed');
      }
      clearTimeout(force);
      exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      exit(1);
    }
  };
  process.on('SIGINT', (signal) => void shutdown(signal));
  process.on('SIGTERM', (signal) => void shutdown(signal));
}

/**
 * Once `app.close()` has begun, every answer still going out says `Connection: close`, so the
 * client's kept-alive connection ends with it. fastify closes the connections idle at that
 * moment and answers new requests 503, but a request in flight leaves its connection open for
 * the keep-alive timeout (72 s), and the server's close waits for it.
 */
export function endConnectionsWhenClosing(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
