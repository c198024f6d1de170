import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';

export const docsPrefix = '/api/docs';
/** The whole document, staff routes and their roles included: a staff token needed. */
export const staffDocsUrl = '/api/admin/docs/json';
/** The docs' own pages and documents are not API calls (no envelope, nothing to fuzz or guard by table). */
export const isDocsRoute = (url: string) => url.startsWith(docsPrefix) || url === staffDocsUrl;

/** The three areas of the API and who may call them; every route lands in exactly one. */
const areas = [
  { prefix: '/api/open/', tag: 'open', description: '公开接口：无需登录（目录、内容、注册、登录、短信验证码）' },
  { prefix: '/api/auth/', tag: 'auth', description: '会员接口：请求头 `token` 带会员登录令牌' },
  { prefix: '/api/admin/', tag: 'admin', description: '后台接口：请求头 `token` 带员工登录令牌，且角色须在该接口允许之列' },
] as const;

const envelopeDescription =
  '每个接口都以信封作答：`{ code, msg, data }`。`code` 为 1 表示成功、0 表示失败；`msg` 是给人看的中文句子；`data` 是结果（失败时通常为 null）。' +
  'HTTP 状态与之对应：200 成功，400 参数有误，401 未登录或登录过期，403 无权限，404 不存在，409 冲突，429 过于频繁，500 服务器错误（不透露内部细节），503 暂时不可用（带 Retry-After）。' +
  '下载类 GET 接口（导出、报告、附件）成功时直接返回文件，失败时同样返回信封。';

const conventions =
  '请求体可以是表单（`application/x-www-form-urlencoded`，上传文件的接口用 `multipart/form-data`），也可以是 JSON。' +
  '金额：答复中一律为整数，单位是分（fen，字段名多以 `Fen` 结尾）：`12345` 即 ¥123.45；人填写的金额以元为单位的文本提交（如 `"123.45"`），服务器精确换算为分，从不经过浮点数。' +
  '时间为 ISO 8601 字符串。';

const envelope = (code: 0 | 1, description: string) => ({
  description,
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: {
    code: { type: 'integer', enum: [code], description: code === 1 ? '1 = 成功' : '0 = 失败' },
    msg: { type: 'string', description: '中文提示' },
    data: { description: code === 1 ? '结果，形状见各接口说明' : '失败时通常为 null' },
  },
});

const responses = {
  200: envelope(1, '成功（下载类接口直接返回文件）'),
  400: envelope(0, '请求参数有误：msg 说明第一个问题'),
  401: envelope(0, '未登录或登录已过期'),
  403: envelope(0, '无权限'),
  404: envelope(0, '内容不存在'),
  409: envelope(0, '操作冲突'),
  429: envelope(0, '操作过于频繁'),
  500: envelope(0, '服务器开小差了（不透露内部细节）'),
  503: envelope(0, '服务暂时不可用（数据库不可达）：按 Retry-After 的秒数后重试'),
};

/**
 * zod → JSON Schema for the request parts. `unrepresentable: 'throw'` makes a schema that
 * cannot be described (a custom type, a bare transform, a preprocess) fail the build of the
 * document with the route's name instead of turning silently into "anything": the document
 * is then wrong only where a person decided it, never by accident.
 */
const zodTransform = createJsonSchemaTransform({
  skipList: [],
  zodToJsonConfig: { unrepresentable: 'throw' },
});

type TransformArgs = Parameters<typeof zodTransform>[0];

function describeRoute(document: TransformArgs) {
  const { url, route } = document;
  // the site's files and the docs' own pages are not part of the API
  if (!url.startsWith('/api/') || isDocsRoute(url) || document.schema?.hide) return { url, schema: { hide: true } };
  const area = areas.find((a) => url.startsWith(a.prefix));
  const call = route.config?.call;
  let transformed: ReturnType<typeof zodTransform>;
  try {
    transformed = zodTransform(document);
  } catch (error) {
    throw new Error(`OpenAPI: the schema of ${[route.method].flat().join(',')} ${url} cannot be described: ${(error as Error).message}`, { cause: error });
  }
  const schema = { ...(transformed.schema as Record<string, unknown>) };
  const isPublic = !area || area.tag === 'open' || Boolean(route.config?.public);
  const roles = route.config?.roles;
  const notes = [
    ...(roles === 'any' ? ['角色：任何员工'] : Array.isArray(roles) ? [`角色：${['admin', ...roles.filter((r) => r !== 'admin')].join('、')}`] : []),
    ...([route.method].flat().includes('POST') && !route.schema?.body ? ['请求体：`multipart/form-data`（含文件）或无请求体'] : []),
  ];
  // the call's own answer (from the table's data schema) replaces the generic success envelope
  const answer = (schema.response as Record<string, Record<string, unknown>> | undefined)?.[200];
  const description = [call?.description, ...notes].filter(Boolean).join('；');
  return {
    url,
    schema: {
      ...schema,
      ...(call ? { operationId: call.id, summary: call.summary } : {}),
      tags: [area?.tag ?? 'open'],
      ...(description ? { description } : {}),
      ...(schema.body ? { consumes: call?.multipart ? ['multipart/form-data'] : ['application/x-www-form-urlencoded', 'application/json'] } : call?.multipart ? { consumes: ['multipart/form-data'] } : {}),
      response: { ...responses, ...(answer ? { 200: { ...answer, description: '成功' } } : {}) },
      // an open call says so (an empty list), so no operation leaves its security unsaid
      security: isPublic ? [] : [{ token: [] }],
    },
  };
}

type Document = Readonly<{ paths?: Record<string, unknown>; tags?: readonly { name: string }[] } & Record<string, unknown>>;

/**
 * The document without the back office: its paths and the admin tag go, so the public sees
 * the open and member calls only, not which staff calls exist and which roles they take.
 */
export function withoutStaffRoutes(document: Document): Record<string, unknown> {
  const staff = areas.find((a) => a.tag === 'admin')!;
  const paths = Object.fromEntries(Object.entries(document.paths ?? {}).filter(([url]) => !url.startsWith(staff.prefix)));
  return { ...document, paths, tags: (document.tags ?? []).filter((tag) => tag.name !== staff.tag) };
}

/**
 * The OpenAPI document, built from the same zod schemas the routes validate with, at
 * /api/docs (Swagger UI) and /api/docs/json. Registered before the routes so @fastify/swagger
 * sees every one of them. In production the public document leaves the staff routes out
 * (withoutStaffRoutes); the whole one is at staffDocsUrl for staff (registerStaffDocs).
 */
export async function registerOpenApi(app: FastifyInstance, options: { production: boolean }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: '科研检测服务商城 API',
        version: '1.0.0',
        description: `${envelopeDescription}\n\n${conventions}`,
      },
      // the API is served by the site itself: the document's addresses are relative to it
      servers: [{ url: '/', description: '本站' }],
      tags: areas.map(({ tag, description }) => ({ name: tag, description })),
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token', description: '登录接口返回的 token（会员与员工各自的令牌）' },
        },
      },
    },
    transform: describeRoute,
  });
  await app.register(swaggerUi, {
    routePrefix: docsPrefix,
    uiConfig: { docExpansion: 'none', deepLinking: true, validatorUrl: null },
    staticCSP: false,
    ...(options.production ? { transformSpecification: (document: Document) => withoutStaffRoutes(document) } : {}),
  });
}

/** GET staffDocsUrl: the whole document, for any staff role. Registered after the auth guard, which holds it. */
export function registerStaffDocs(app: FastifyInstance) {
  app.get(staffDocsUrl, { schema: { hide: true }, config: { roles: 'any', readOnly: true } }, async () => app.swagger());
}
