/**
 * The bar shown when the page's route could not be loaded at start-up (./startupPreload.ts): the
 * loading screen's error text with 「重试」, as @theme/Loading shows it for a chunk that fails
 * later, over the server-rendered page, which stays readable. React has not rendered (that is the
 * failure), so the bar is plain DOM; 「重试」 loads the page again.
 */
const BAR_ID = 'xl-load-failure';

export function showLoadFailure(reason: unknown): void {
  if (document.getElementById(BAR_ID)) return;
  const bar = document.createElement('div');
  bar.id = BAR_ID;
  bar.className = 'xl-load-failure';
  bar.setAttribute('role', 'alert');
  const text = document.createElement('p');
  text.textContent = `页面加载失败：${String(reason)}`;
  const hint = document.createElement('p');
  hint.textContent = '请检查网络连接后重试。';
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = 'button button--primary button--sm';
  retry.textContent = '重试';
  retry.addEventListener('click', () => window.location.reload());
  bar.append(text, hint, retry);
  document.body.append(bar);
}
