/**
 * The content area's face: what other areas may use (docs/architecture.md). Keep it small.
 */
export { certificatesExpiringWithin, listPublicCertificates } from './certificates.service';
export { bumpContentVersion, cleanHtml, fileUrl, getContentVersion, shanghaiDate, withContentChange } from './content-version';
export { addConsultation, addPaperThanks, countArticleView, getAbilityShowcase, getArticle, getContentPage, listArticles, listThanks } from './content.service';
export { seedContent } from './content.seed';
export { homeContent } from './home-content';
export { getSettingValues, getSiteSettings, normalizeStoredIdentity, readSetting } from './settings.service';
export { fillFigures, fillFiguresIn, onCatalogFacts } from './public-figures';
export { packTemplates } from './pack-templates.service';
