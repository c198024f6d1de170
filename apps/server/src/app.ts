import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './platform/config';
import type { Db } from './db/client';
import { authGuard } from './areas/accounts/auth-guard';
import { consentGate } from './areas/accounts/consent-gate';
import { auditTrail } from './platform/audit';
import { systemClock, type Clock } from './platform/clock';
import { fail } from './platform/envelope';
import { checkApiInput, registerErrorHandler } from './platform/error-handler';
import { clientErrorHandler, registerTextParsers } from './platform/request-text';
import type { EmailProvider, SmsProvider } from './platform/messaging';
import type { FileStore } from './platform/providers/file-store';
import { documentSeal, type DocumentSeal } from './platform/providers/document-seal';
import { emailProviderFor, fileStoreFor, paymentProvidersFor, smsProviderFor, wechatMpFor, type PaymentProviders } from './platform/providers';
import { localDeliverers, queuedEmailProvider, queuedSmsProvider, type Deliverers } from './platform/outbox';
import type { JobQueue } from './platform/job-queue';
import { recordHttpMetrics, type Metrics } from './platform/metrics';
import { registerOpenApi } from './platform/openapi';
import { databaseRateLimitStore } from './platform/rate-limit-store';
import { registerMemberUploadLimits } from './platform/upload-limits';
import { serializeFromSchema } from './platform/calls';
import { readWebSite, serveWeb } from './web/web-site';
import { loadSecretKey, secretBox, type SecretBox } from './platform/secret-box';
import { requestLogSerializer } from './platform/log-redact';
import type { AppDeps } from './platform/deps';
import { registerModuleHooks } from './area-hooks';
import { installPasswordStrength } from '@lab/contract/password-strength';
import { OneLineRequestLog } from './platform/access-log';
import { recordRouteTable } from './platform/route-table';
import { securityHeadersFor } from './platform/security-headers';
import { registerRoutes } from './routes';
import { endConnectionsWhenClosing } from './platform/shutdown';

z.config(z.locales.zhCN());

export type { RouteEntry } from './platform/route-table';

export interface BuildOptions {
  db: Db;
  config: Config;
  clock?: Clock;
  sms?: SmsProvider;
  email?: EmailProvider;
  /** where uploads go; default: the configuration's (fileStoreFor) */
  files?: FileStore;
  logger?: FastifyServerOptions['logger'];
  secrets?: SecretBox;
  /** tests turn the shared rate limits off where they would get in the way */
  rateLimit?: boolean;
  /** the background job queue (server.ts, worker.ts); without it queued messages stay queued */
  jobs?: JobQueue | null;
  /** who delivers queued SMS and e-mail; default the local ones (a log line) */
  deliverers?: Deliverers;
  /** Prometheus metrics (METRICS_PORT): every answer is timed into them */
  metrics?: Metrics | null;
  /** online payment providers; default the configuration's (paymentProvidersFor: the local gateway) */
  payments?: PaymentProviders;
  /** the document seal; default the configuration's (LAB_SEAL_P12, else the data folder's demo certificate) */
  seal?: DocumentSeal;
  /** routes a test adds inside the API's context, where the guard, the consent gate and the audit trail run */
  moreRoutes?: (api: FastifyInstance) => void | Promise<void>;
}

export async function buildApp(options: BuildOptions) {
  const { config } = options;
  // every password schema of the contract checks strength from here on (zxcvbn)
  installPasswordStrength();
  // growth's answers to orders paid/completed/refunded and to invited sign-ups (src/area-hooks.ts)
  registerModuleHooks();
  const loggerOptions: FastifyServerOptions['logger'] = options.logger ?? {
    level: config.LOG_LEVEL,
    redact: ['req.headers.token', 'req.headers.authorization'],
    serializers: { req: requestLogSerializer },
  };
  const app = Fastify({
    logger: loggerOptions,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    logController: new OneLineRequestLog(),
    trustProxy: (_address: string, hop: number) => hop < config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    // a request node cannot parse (bad bytes in the request line, headers past 16 KB): the envelope in Chinese
    clientErrorHandler,
  });
  recordRouteTable(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializeFromSchema);

  const jobs = options.jobs ?? null;
  // the outbox's deliverers: the real providers the configuration names, else the local ones (a log line)
  const local = localDeliverers(app.log);
  const wechat = await wechatMpFor(config, { db: options.db, clock: options.clock ?? systemClock, log: app.log });
  const deliverers = options.deliverers ?? {
    sms: (await smsProviderFor(config, app.log)) ?? local.sms,
    email: (await emailProviderFor(config, app.log)) ?? local.email,
    wechat: wechat ? { name: 'wechat-mp', send: (message) => wechat.sendNotice(message) } : local.wechat,
  };
  const deps: AppDeps = {
    db: options.db,
    config,
    clock: options.clock ?? systemClock,
    sms: options.sms ?? queuedSmsProvider(options.db, jobs, deliverers.sms),
    email: options.email ?? queuedEmailProvider(options.db, jobs, deliverers.email),
    files: options.files ?? (await fileStoreFor(config)),
    secrets: options.secrets ?? secretBox(loadSecretKey({ secretKey: config.SECRET_KEY, dataDir: config.dataDir })),
    jobs,
    deliverers,
    wechat,
    seal:
      options.seal ??
      documentSeal({
        dataDir: config.dataDir,
        p12Path: config.LAB_SEAL_P12,
        p12Password: config.LAB_SEAL_P12_PASSWORD,
        fontFile: config.LAB_DOCUMENT_FONT,
        fontName: config.LAB_DOCUMENT_FONT_NAME,
      }),
    payments:
      options.payments ??
      (await paymentProvidersFor(config, {
        db: options.db,
        clock: options.clock ?? systemClock,
        log: app.log,
        // the local gateway's notices reach this app's own notify route in process (any instance would book them alike)
        send: async (url, headers, body) => {
          const answer = await app.inject({ method: 'POST', url: new URL(url).pathname, headers, payload: body });
          return { status: answer.statusCode, body: answer.body };
        },
      })),
  };
  app.decorate('deps', deps);

  // What every answer needs, pages and files included: the error envelope, metrics, the
  // security headers and request id, `Connection: close` while closing.
  registerErrorHandler(app);
  if (options.metrics) recordHttpMetrics(app, options.metrics);
  const site = readWebSite(config);
  const securityHeaders = securityHeadersFor(config, site?.scriptHashes ?? []);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaders).header('x-request-id', request.id);
    done();
  });
  endConnectionsWhenClosing(app);

  // The API in a context of its own (fastify's encapsulation), with what only its calls need:
  // body checks and parsers, rate limits, the auth guard, the consent gate, the audit trail. The
  // site beside it (serveWeb: the pages, their shell, the files) runs none of it
  // (docs/decisions/0038-pages-as-routes.md).
  await app.register(async (api) => {
    checkApiInput(api);
    // JSON and forms read as bytes: text that is not UTF-8 is refused, not saved as U+FFFD
    registerTextParsers(api);
    await api.register(rateLimit, {
      global: false,
      store: databaseRateLimitStore(options.db),
      enableDraftSpec: false,
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        ...fail(`操作过于频繁，请${Math.max(1, Math.ceil(context.ttl / 1000))}秒后再试`),
      }),
      ...(options.rateLimit === false ? { allowList: () => true } : {}),
    });
    registerMemberUploadLimits(api);
    await registerOpenApi(api, { production: config.production });
    await api.register(authGuard, { db: options.db, clock: deps.clock });
    await api.register(consentGate, { db: options.db, clock: deps.clock });
    await api.register(auditTrail, { db: options.db, clock: deps.clock });
    await registerRoutes(api, deps);
    if (options.moreRoutes) await options.moreRoutes(api);
    // An address under /api/auth or /api/admin that no call has is guarded as every address
    // there: without a valid login 401 (a caller cannot tell a call that exists from one that
    // does not), with one 404. Wildcards, so the router tries them after every real route;
    // they are not calls (left out of the route table and the docs).
    for (const prefix of ['/api/auth/*', '/api/admin/*']) {
      api.all(prefix, { schema: { hide: true }, config: { roles: 'any', readOnly: true } }, async (_request, reply) => reply.status(404).send(fail('请求的内容不存在')));
    }
  });

  await serveWeb(app, site, { db: options.db, config });
  return app;
}