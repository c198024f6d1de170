import { calls } from '@lab/contract/calls';
import { serve } from '../../platform/calls';
import { optionalMemberId } from '../accounts';
import { listPublicCertificates } from './certificates.service';
import { addConsultation, countArticleView, getAbilityShowcase, getArticle, getContentPage, listArticles, listThanks } from './content.service';
import { catalogFacts, fillFiguresIn, withFigures } from './public-figures';
import { getSettingValues, getSiteSettings } from './settings.service';

/** The site's public texts (contract content/calls.ts); their figures are filled from the catalogue's facts. */
export const contentRoutes = serve(calls.content, {
  articles: async ({ db, deps, body, now }) => withFigures(db, now, await listArticles(db, body, deps.config.FILE_HOST)),
  article: async ({ db, deps, body, now }) => withFigures(db, now, await getArticle(db, body.id, deps.config.FILE_HOST)),
  thanks: ({ db, body }) => listThanks(db, body),
  ability: async ({ db, deps, now }) => {
    const facts = catalogFacts();
    const figures = await facts.figures(db, now);
    return fillFiguresIn(await getAbilityShowcase(db, deps.config.FILE_HOST, figures, await facts.publishedItems(db)), figures);
  },
  certificates: ({ db, deps, now }) => listPublicCertificates(db, deps.config.FILE_HOST, now),
  countView: { handler: ({ db, body }) => countArticleView(db, body.id), config: { rateLimit: { max: 120, timeWindow: 60_000 } } },
  page: async ({ db, query, now }) => withFigures(db, now, await getContentPage(db, query.key)),
  settings: ({ db, deps }) => getSiteSettings(db, deps.config.FILE_HOST),
  settingValues: ({ db, body }) => getSettingValues(db, body.keys),
  consult: {
    // a logged-in member's question is their thread (我的咨询); a token that does not count is a visitor's
    handler: async ({ db, body, request, now }) => addConsultation(db, body, { ip: request.ip, now, askedBy: await optionalMemberId(db, request, now) }),
    config: { rateLimit: { max: 5, timeWindow: 600_000 } },
  },
});
