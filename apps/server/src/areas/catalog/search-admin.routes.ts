import { calls } from '@lab/contract/calls';
import type { AdminSynonym } from '@lab/contract';
import { audit } from '../../platform/audit';
import { serve } from '../../platform/calls';
import { listMisses, missAudit, removeMiss } from './search-misses';
import { addSynonym, deleteSynonym, listSynonyms, synonymAudit, updateSynonym } from './search-synonyms.service';

const read = { readOnly: true } as const;

/** 目录管理 → 搜索词 (contract/catalog/admin-search-calls.ts): synonym groups and the queries that found nothing. */
export const searchWordsAdminRoutes = serve(calls.adminSearchWords, {
  synonyms: { handler: ({ db, body }) => listSynonyms(db, body), config: read },
  addSynonym: {
    handler: ({ db, body, now }) => addSynonym(db, body, now),
    config: { audit: audit<unknown, AdminSynonym>(synonymAudit, 'catalog.synonym.add', '新增搜索同义词组', null, (data) => data.id) },
  },
  editSynonym: {
    handler: ({ db, body, now }) => updateSynonym(db, body, now),
    config: { audit: audit<{ id: number }>(synonymAudit, 'catalog.synonym.update', '修改搜索同义词组', (body) => body.id) },
  },
  removeSynonym: {
    handler: async ({ db, body }) => {
      await deleteSynonym(db, body.id);
      return null;
    },
    config: { audit: audit<{ id: number }>(synonymAudit, 'catalog.synonym.delete', '删除搜索同义词组', (body) => body.id) },
  },
  misses: { handler: ({ db, body }) => listMisses(db, body), config: read },
  removeMiss: {
    handler: async ({ db, body }) => {
      await removeMiss(db, body.query!);
      return null;
    },
    config: { audit: audit<{ query: string }>(missAudit, 'catalog.searchMiss.delete', '移除无结果的搜索词', (body) => body.query) },
  },
});
