import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyContextConfig, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
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
import { registerErrorHandler } from './platform/error-handler';
import { clientErrorHandler, registerTextParsers } from './platform/request-text';
import { healthRoutes } from './platform/health';
import { addressRoutes } from './areas/member/addresses.routes';
import type { EmailProvider, SmsProvider } from './platform/messaging';
import type { FileStore } from './platform/providers/file-store';
import { emailProviderFor, fileStoreFor, paymentProvidersFor, smsProviderFor, type PaymentProviders } from './platform/providers';
import { localDeliverers, queuedEmailProvider, queuedSmsProvider, type Deliverers } from './platform/outbox';
import type { JobQueue } from './platform/job-queue';
import { recordHttpMetrics, type Metrics } from './platform/metrics';
import { isDocsRoute, registerOpenApi, registerStaffDocs } from './platform/openapi';
import { databaseRateLimitStore } from './platform/rate-limit-store';
import { registerMemberUploadLimits } from './platform/upload-limits';
import { accountRoutes, staffAuthRoutes, wxLoginRoutes } from './areas/accounts/auth.routes';
import { consentRoutes } from './areas/accounts/consents.routes';
import { agreementAdminRoutes, agreementRoutes } from './areas/content/agreements.routes';
import { catalogRoutes, contentRoutes, serveCatalogImages } from './areas/catalog/catalog.routes';
import { adminPickupRoutes, communityRoutes, pickupRoutes, profileRoutes, recycleRoutes } from './areas/member/member.routes';
import { adminPrivacyRoutes, privacyRoutes } from './areas/privacy/privacy.routes';
import { fundsRoutes } from './areas/funds/funds.routes';
import { planRoutes } from './areas/orders/plan.routes';
import { ordersRoutes } from './areas/orders/orders.routes';
import { paymentRoutes } from './areas/payments/payment.routes';
import { onlinePayRoutes, servePayPages } from './areas/payments/online-pay.routes';
import { orderProgressRoutes, progressRoutes } from './areas/orders/desk/progress.routes';
import { adminReservationsRoutes, reservationsRoutes } from './areas/orders/reservations/reservations.routes';
import { adminContractsRoutes, adminRequirementsRoutes, contractsRoutes, requirementsRoutes } from './areas/orders/requirements.routes';
import { growthSettingsRoutes, invitesRoutes } from './areas/growth/invites.routes';
import { promotionAdminRoutes, promotionRoutes } from './areas/growth/promotion.routes';
import { pointsAdminRoutes, pointsRoutes } from './areas/growth/points.routes';
import { announcementsRoutes, consultationsRoutes, messagesRoutes } from './areas/messages/member-messages.routes';
import { auditLogRoutes, staffRoutes } from './areas/accounts/staff-admin.routes';
import { imageRoutes, serveUploadedImages } from './areas/content/images.routes';
import { catalogAdminRoutes } from './areas/catalog/catalog-admin.routes';
import { contentAdminRoutes } from './areas/content/content-admin.routes';
import { ordersAdminRoutes } from './areas/orders/orders-admin.routes';
import { adminAttestationRoutes, adminCommunityRoutes, adminMemberRoutes } from './areas/member/member-admin.routes';
import { fundsAdminRoutes } from './areas/funds/funds-admin.routes';
import { paymentsAdminRoutes } from './areas/payments/payments-admin.routes';
import { dashboardRoutes } from './views/dashboard.routes';
import { financeCountsRoutes } from './views/finance-counts.routes';
import { withdrawalsAdminRoutes } from './areas/growth/withdrawals-admin.routes';
import { messagesAdminRoutes } from './areas/messages/messages-admin.routes';
import { jobsAdminRoutes } from './areas/orders/jobs-admin.routes';
import { approvalsRoutes } from './areas/approvals/approvals-admin.routes';
import { testOutboxRoutes } from './platform/test-outbox.routes';
import { registerCalls, serializeFromSchema } from './platform/calls';
import { readWebSite, serveWeb } from './web/web-site';
import { loadSecretKey, secretBox, type SecretBox } from './platform/secret-box';
import { requestLogSerializer } from './platform/log-redact';
import type { AppDeps } from './platform/deps';
import { registerModuleHooks } from './area-hooks';
import { installPasswordStrength } from '@lab/contract/password-strength';

z.config(z.locales.zhCN());

/** One registered route as the access and audit tests read it. */
export interface RouteEntry {
  method: string;
  url: string;
  config: FastifyContextConfig;
  hasBody: boolean;
  /** the route's zod schemas, so the access-control suite can see which fields name an object */
  schema: { params?: unknown; querystring?: unknown; body?: unknown };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** every API route with its config, in registration order */
    routeTable: RouteEntry[];
    /** what the modules were given (the jobs' handlers get the same) */
    deps: AppDeps;
  }
}

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
}

/**
 * One access-log line per request, written when it is answered and saying what fastify's
 * "incoming request" line said (method, url, address). Two lines per request were 6% of the
 * cached home call's CPU time (docs/decisions/0014-api-speed.md).
 */
class OneLineRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/**
 * The headers helmet sets for these options, worked out once: none of them depends on the
 * request. Running helmet's middleware per request (12 middlewares, each a res.setHeader) was
 * 4% of a cached call's CPU time, and headers set on the raw response make node merge every
 * other header into them one by one when the answer is written (docs/decisions/0014-api-speed.md).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers at once');
  return headers;
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
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    // the docs' own pages (Swagger UI) are not API calls: no envelope, nothing to fuzz or guard
    if (!route.url.startsWith('/api/') || isDocsRoute(route.url)) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' && [route.method].flat().length === 1 && routeTable.some((r) => r.method === 'GET' && r.url === route.url)) continue;
      routeTable.push({ method, url: route.url, config: (route.config ?? {}) as FastifyContextConfig, hasBody: Boolean(route.schema?.body), schema: { params: route.schema?.params, querystring: route.schema?.querystring, body: route.schema?.body } });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializeFromSchema);

  const jobs = options.jobs ?? null;
  // the outbox's deliverers: the real providers the configuration names, else the local ones (a log line)
  const local = localDeliverers(app.log);
  const deliverers = options.deliverers ?? {
    sms: (await smsProviderFor(config, app.log)) ?? local.sms,
    email: (await emailProviderFor(config, app.log)) ?? local.email,
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

  registerErrorHandler(app);
  if (options.metrics) recordHttpMetrics(app, options.metrics);
  const site = readWebSite(config);
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // antd writes its styles at run time
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(config.FILE_HOST ? [config.FILE_HOST] : [])],
        // index.html's one inline script (the logged-in header before the app starts), by its hash
        scriptSrc: ["'self'", ...(site?.scriptHashes ?? [])],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaders).header('x-request-id', request.id);
    done();
  });
  // JSON and forms read as bytes: text that is not UTF-8 is refused, not saved as U+FFFD
  registerTextParsers(app);
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(options.db),
    enableDraftSpec: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      ...fail(`操作过于频繁，请${Math.max(1, Math.ceil(context.ttl / 1000))}秒后再试`),
    }),
    ...(options.rateLimit === false ? { allowList: () => true } : {}),
  });
  registerMemberUploadLimits(app);
  await registerOpenApi(app, { production: config.production });
  await app.register(authGuard, { db: options.db, clock: deps.clock });
  await app.register(consentGate, { db: options.db, clock: deps.clock });
  await app.register(auditTrail, { db: options.db, clock: deps.clock });

  // every call of the contract's table (packages/contract/src/calls.ts), one module per resource
  await registerCalls(app, deps, [
    healthRoutes,
    addressRoutes,
    planRoutes,
    ordersRoutes,
    paymentRoutes,
    onlinePayRoutes,
    requirementsRoutes,
    adminRequirementsRoutes,
    contractsRoutes,
    adminContractsRoutes,
    fundsRoutes,
    fundsAdminRoutes,
    paymentsAdminRoutes,
    invitesRoutes,
    growthSettingsRoutes,
    promotionRoutes,
    promotionAdminRoutes,
    pointsRoutes,
    pointsAdminRoutes,
    messagesRoutes,
    consultationsRoutes,
    announcementsRoutes,
    accountRoutes,
    wxLoginRoutes,
    staffAuthRoutes,
    agreementRoutes,
    consentRoutes,
    agreementAdminRoutes,
    staffRoutes,
    auditLogRoutes,
    approvalsRoutes,
    dashboardRoutes,
    financeCountsRoutes,
    withdrawalsAdminRoutes,
    messagesAdminRoutes,
    jobsAdminRoutes,
    catalogRoutes,
    contentRoutes,
    imageRoutes,
    catalogAdminRoutes,
    contentAdminRoutes,
    profileRoutes,
    privacyRoutes,
    adminPrivacyRoutes,
    pickupRoutes,
    recycleRoutes,
    adminPickupRoutes,
    communityRoutes,
    adminMemberRoutes,
    adminAttestationRoutes,
    adminCommunityRoutes,
    reservationsRoutes,
    adminReservationsRoutes,
    progressRoutes,
    orderProgressRoutes,
    ordersAdminRoutes,
  ]);
  registerStaffDocs(app);
  await serveCatalogImages(app);
  await serveUploadedImages(app, deps);
  if (config.E2E_OUTBOX) await testOutboxRoutes(app, deps);
  await servePayPages(app, deps);

  await serveWeb(app, site, { db: options.db, config });
  return app;
}
