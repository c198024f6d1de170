import { assertPackReadable } from './reimbursement-pack-check';
import { fenInWords, formatFen, labDay, labTime, packPieceLabels, packTemplateKeys, type PackQuery, type PackStatus, type PackTemplateKey } from '@lab/contract';
import type { Db, DbOrTx } from '../db/client';
import { conflict } from '../platform/errors';
import type { StoredKind } from '../platform/files';
import { memberContact } from '../areas/accounts';
import { packTemplates } from '../areas/content';
import { orderStatementOf, sealPackPaper } from '../areas/orders';
import { templateRules, due, resolveScope } from './reimbursement-pack-scope';
import { planPack } from './reimbursement-pack-plan';
import { sealProof, type PackDeps } from './reimbursement-pack-proof';

/**
 * The reimbursement pack (报销材料, decisions/0050-reimbursement-pack.md): a read-only view over
 * orders (lines, reports, agreements, the register of sealed papers), funds (invoices, the ledger,
 * top-up applications) and payments (online trade numbers). `packStatus` says, per template, which
 * pieces are there and every reason one is missing; `preparePack` seals the pack's own papers
 * through orders' face and lists the files the route streams as a ZIP. The view writes no table.
 */
const templateOf = (query: PackQuery): PackTemplateKey => query.template ?? 'default';

/** reimbursement/status: what the pack would hold and every reason it cannot be made yet. */
export async function packStatus(db: DbOrTx, memberId: number, query: PackQuery): Promise<PackStatus> {
  const scope = await resolveScope(db, memberId, query);
  const templates = await packTemplates(db);
  const template = templates[templateOf(query)];
  const { pieces, missing, totalFen } = await planPack(db, scope, templateRules(template));
  return {
    template: template.key,
    templateName: template.name,
    templateRule: template.rule,
    templates: packTemplateKeys.map((key) => ({ key, name: templates[key].name })),
    orders: scope.orders.map((o) => ({ orderNo: o.orderNo, title: o.title, amountFen: due(o) })),
    totalFen,
    pieces: pieces.map(({ source: _source, ...piece }) => piece),
    missing,
    ready: missing.length === 0,
  };
}

export interface PreparedPack {
  status: PackStatus;
  scopeKey: string;
  /** the files in ZIP order, each with where its bytes are (a sealed paper is issued when asked) */
  files: { name: string; label: string; orderNo: string | null; stored?: { kind: StoredKind; storedName: string }; locate: () => Promise<{ kind: StoredKind; storedName: string } | { bytes: Buffer }> }[];
  client: string;
}

/**
 * The pack, ready to stream: refused (409) with every missing reason; else the sealed papers are
 * issued through orders' face (the same content answers the same file) and the files are listed.
 */
export async function preparePack(db: Db, deps: PackDeps, memberId: number, query: PackQuery, now: Date): Promise<PreparedPack> {
  const status = await packStatus(db, memberId, query);
  if (!status.ready) throw conflict(`报销材料不全，暂不能下载：${status.missing.map((m, i) => `${i + 1}. ${m}`).join('；')}`);
  const scope = await resolveScope(db, memberId, query);
  const { pieces } = await planPack(db, scope, templateRules((await packTemplates(db))[status.template]));
  const person = await memberContact(db, memberId);
  const client = [person?.company, person?.name || person?.nickname].filter(Boolean).join(' ');

  const files: PreparedPack['files'] = [];
  for (const piece of pieces) {
    if (!piece.present || !piece.source) continue;
    const source = piece.source;
    if ('stored' in source) {
      const at = { kind: source.stored.kind, storedName: source.stored.name };
      files.push({ name: piece.name, label: piece.label, orderNo: piece.orderNo, stored: at, locate: async () => at });
      continue;
    }
    if ('made' in source) {
      // made when its turn in the ZIP comes (a grant card's statement, never stored)
      files.push({ name: piece.name, label: piece.label, orderNo: piece.orderNo, locate: async () => ({ bytes: await source.made() }) });
      continue;
    }
    // sealed when its turn in the ZIP comes (a first pack seals ~0.5 s a paper): the first bytes go at once
    const order = source.order;
    const seal = async () => {
      const row = source.seal === 'statement' ? await orderStatementOf(db, deps, order, now) : await sealProof(db, deps, order, client, now);
      return { kind: 'documents' as const, storedName: row.storedName };
    };
    files.push({ name: piece.name, label: piece.label, orderNo: piece.orderNo, locate: seal });
  }

  // every piece checked before the first byte (409 with each reason); the cover is sealed next
  await assertPackReadable(deps, files, true);
  const enclosed = files.map((f, i) => [String(i + 2), f.name, f.label]);
  const cover = await sealPackPaper(
    db,
    deps,
    {
      kind: 'pack_cover',
      memberId,
      orderId: null,
      title: `报销材料封面（${scope.label}）`,
      client,
      amountFen: status.totalFen,
      spec: {
        title: '报销材料封面',
        facts: [
          ['报销人', client || '—'],
          ['报销事项', scope.label],
          ['报销模板', status.templateName],
          ['订单', status.orders.map((o) => o.orderNo).join('、')],
          ['检测项目', [...new Set(status.orders.map((o) => o.title))].join('；')],
          ['金额合计', `${formatFen(status.totalFen)}（${fenInWords(status.totalFen)}）`],
        ],
        table: {
          columns: [
            { label: '序号', width: 0.6, align: 'center' },
            { label: '所附文件', width: 5.2 },
            { label: '说明', width: 2.8 },
          ],
          rows: [['1', '00-报销材料封面.pdf', '本封面'], ...enclosed, [String(enclosed.length + 2), 'manifest.txt / SHA256SUMS', '文件清单与 SHA-256 校验值']],
        },
        totals: status.orders.length > 1 ? [...status.orders.map((o): [string, number] => [`订单 ${o.orderNo}`, o.amountFen]), ['金额合计', status.totalFen]] : [['金额合计', status.totalFen]],
        notes: [status.templateRule, '每个文件的 SHA-256 见 manifest.txt 与 SHA256SUMS；盖章文件可扫描二维码或访问 /verify 核验。'],
      },
    },
    now,
  );
  files.unshift({ name: '00-报销材料封面.pdf', label: packPieceLabels.cover, orderNo: null, locate: async () => ({ kind: 'documents', storedName: cover.storedName }) });
  return { status, scopeKey: scope.key, files, client };
}

/** manifest.txt: what the pack is and each file's size and SHA-256. */
export function manifestText(pack: PreparedPack, files: { name: string; bytes: number; sha256: string }[], now: Date): string {
  const labels = new Map(pack.files.map((f) => [f.name, f.label]));
  const lines = [
    '报销材料清单（manifest）',
    `报销人：${pack.client || '—'}`,
    `报销模板：${pack.status.templateName}`,
    `订单：${pack.status.orders.map((o) => `${o.orderNo}（${formatFen(o.amountFen)}）`).join('、')}`,
    `金额合计：${formatFen(pack.status.totalFen)}（${fenInWords(pack.status.totalFen)}）`,
    `生成时间：${labTime(now)}（北京时间）`,
    `生成日期：${labDay(now)}`,
    '',
    '序号\t文件\t字节数\tSHA-256\t说明',
    ...files.map((f, i) => `${i + 1}\t${f.name}\t${f.bytes}\t${f.sha256}\t${labels.get(f.name) ?? ''}`),
    '',
    '校验：在解压目录中运行 sha256sum -c SHA256SUMS',
    '',
  ];
  return lines.join('\n');
}
