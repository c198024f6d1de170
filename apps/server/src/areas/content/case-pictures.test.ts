import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { imageRoot } from '../catalog/image-root';
import { seedArticles } from './seed-content';

/** Issue 31: the six 能力展示 cases each showed the same template picture captioned 能力展示案例. */
describe('能力展示 case pictures', () => {
  it('gives every seeded case a picture of its own, captioned with its techniques', () => {
    const cases = seedArticles.filter((article) => article.kind === 'service');
    expect(cases).toHaveLength(6);
    const pictures = cases.map((article) => fs.readFileSync(path.join(imageRoot, article.img!.replace('/upload/img/', '')), 'utf8'));
    const captions = pictures.map((svg) => /<text[^>]*>([^<]+)<\/text>/.exec(svg)?.[1]);
    expect(new Set(captions).size).toBe(6);
    expect(captions).not.toContain('能力展示案例');
    // the caption names a technique the case's own text mentions
    expect(captions[1]).toContain('XPS');
    expect(cases[1]!.title).toContain('XPS');
    expect(new Set(pictures.map((svg) => svg.replace(/<text[\s\S]*?<\/text>/g, ''))).size).toBe(6);
  });
});
