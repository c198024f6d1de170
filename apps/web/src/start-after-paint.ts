import { APP_SCRIPT_ID } from './app/app-script';

/*
 * The first script of a page the server drew: entry-server.tsx puts it where index.html has
 * the app's script, and lists the app's scripts (the entry first, then what it imports, the
 * page's own chunk among them) on the element APP_SCRIPT_ID. The page reads without them;
 * they are asked for, all at once, when it is on screen with its lead image (the image asked
 * for with high priority: the home page's first banner, the list's first picture), so neither their transfer nor
 * starting the app competes with that first paint — on a slow phone, starting the app holds
 * the main thread long enough to keep an image that arrives meanwhile off the screen.
 */

/**
 * A click on 登录 / 注册 (marked data-login-view) before the app has taken the page over would
 * do nothing: the page reads before its scripts run. It is kept on <html data-early-login>, and
 * main.tsx opens the login panel on that view once the drawn page is hydrated. From the moment
 * hydration begins (main.tsx sets data-app-started) React replays such clicks itself.
 */
const html = document.documentElement;
function keepEarlyLogin(event: MouseEvent) {
  if (html.dataset.appStarted) {
    document.removeEventListener('click', keepEarlyLogin, true);
    return;
  }
  const target = event.target instanceof Element ? event.target.closest('[data-login-view]') : null;
  const view = target?.getAttribute('data-login-view');
  if (view) html.dataset.earlyLogin = view;
}
document.addEventListener('click', keepEarlyLogin, true);

/** The longest the app waits for the lead image before it starts anyway. */
const LEAD_IMAGE_WAIT_MS = 1000;

async function startAfterPaint() {
  const scripts = JSON.parse(document.getElementById(APP_SCRIPT_ID)?.dataset.scripts ?? '[]') as string[];
  if (scripts.length === 0) return;
  const lead = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
  if (lead) await Promise.race([lead.decode().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, LEAD_IMAGE_WAIT_MS))]);
  // a frame callback runs before the next paint, a task queued from it after that paint
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  for (const href of scripts) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  await import(/* @vite-ignore */ scripts[0]!);
}

void startAfterPaint();
