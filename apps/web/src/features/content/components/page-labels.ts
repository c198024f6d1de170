import type { PageKey } from '@lab/contract';

/** Titles used before the page's own title arrives, and in menus. */
export const pageLabels: Record<PageKey, string> = {
  profile: '公司简介',
  culture: '企业文化',
  recruit: '人才招聘',
  contact: '联系我们',
  guide: '服务指南',
  license: '资质证书',
  policy: '隐私政策',
};

export const aboutSections = ['profile', 'culture', 'recruit'] as const satisfies readonly PageKey[];
export type AboutSection = (typeof aboutSections)[number];
export const isAboutSection = (value: string | undefined): value is AboutSection => (aboutSections as readonly string[]).includes(value ?? '');

export const staticKeys = ['contact', 'guide', 'license', 'policy'] as const satisfies readonly PageKey[];
export type StaticKey = (typeof staticKeys)[number];
export const isStaticKey = (value: string | undefined): value is StaticKey => (staticKeys as readonly string[]).includes(value ?? '');
