import { vi } from 'vitest';
import type { BuildManifestChunk, RenderApiCall } from '@lab/contract/web-render';
import { SERVER_STATE_ID, type ServerState } from '../app/server-page';
import { homeFixture } from '../features/catalog/testing/home-fixture';

/* What the tests of the server's drawing (entry-server*.test.tsx) share: a built shell and its manifest, the data, the transport. */

// as vite builds index.html: its placeholders, and the shell's own tags after <!--app-head-->
export const template = [
  '<!doctype html><html><head><title>科研检测服务商城</title><!--app-head-->',
  '<script type="module" crossorigin src="/assets/index-A.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/runtime-B.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index-C.css">',
  '</head><body><div id="root"><!--app-html--></div><!--app-data--></body></html>',
].join('');

export const manifest: Record<string, BuildManifestChunk> = {
  'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_runtime'], css: ['assets/index-C.css'] },
  _runtime: { file: 'assets/runtime-B.js' },
  'src/start-after-paint.ts': { file: 'assets/start-after-paint-D.js', isEntry: true },
  'src/features/catalog/pages/home-page.tsx': { file: 'assets/home-page-E.js', css: ['assets/home-page-F.css'], imports: ['_runtime', '_shared'] },
  // a chunk the page shares with others, with style sheets the page's own come after
  _shared: { file: 'assets/shared-I.js', css: ['assets/shared-J.css'] },
  'src/features/catalog/pages/project-list-page.tsx': { file: 'assets/project-list-page-G.js', css: ['assets/catalog-H.css'] },
  'src/features/catalog/pages/detail-page.tsx': { file: 'assets/detail-page-K.js', css: ['assets/detail-L.css'] },
  'src/features/content/pages/agreement-page.tsx': { file: 'assets/agreement-page-M.js', css: ['assets/agreement-N.css'] },
};

// a banner whose title would end the <script> holding the data, if it were not escaped
export const home = { ...homeFixture, bannerArr: [{ ...homeFixture.bannerArr[0]!, title: '开放日</script><script>alert(1)</script>' }, ...homeFixture.bannerArr.slice(1)] };
export const settings = { allowRegion: [], samplingSetting: { disabled_date: [], disabled_date_time: [], disabled_time: null, disabled_week: [] }, localInfo: { phone: '021-6666 8888' } };

/** The renderer's transport (`api`), answering as the server would from what `answers` gives at the time; each call kept in `calls`. */
export function answeringApi(answers: () => Record<string, unknown>) {
  const calls: RenderApiCall[] = [];
  const api = vi.fn(async (call: RenderApiCall) => {
    calls.push(call);
    const path = call.url.split('?')[0]!;
    if (!(path in answers())) return { status: 200, body: JSON.stringify({ code: 0, msg: '没有这个接口', data: null }) };
    return { status: 200, body: JSON.stringify({ code: 1, msg: '操作成功', data: answers()[path] }) };
  });
  return { calls, api };
}

export const stateOf = (page: Document) => JSON.parse(page.getElementById(SERVER_STATE_ID)!.textContent!) as ServerState;

export function bodyOf(html: string) {
  return new DOMParser().parseFromString(html, 'text/html');
}
