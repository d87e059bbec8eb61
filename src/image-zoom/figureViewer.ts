/**
 * The phone view of a figure: the figure at the width where its labels reach body-text size
 * (./legibleSize.ts), in a full-screen pane the reader pans with a finger (or scrolls), with a
 * 「关闭」 button; Escape closes it too. Loaded on the first tap on a figure that medium-zoom could
 * only show at the width of the screen (./lazyMediumZoom.ts decides).
 */
import styles from './figureViewer.module.css';

export function openFigureViewer(img: HTMLImageElement, width: number): void {
  const returnFocus = document.activeElement as HTMLElement | null;
  const root = document.documentElement;
  const previousOverflow = root.style.overflow;

  const dialog = document.createElement('div');
  dialog.className = styles.viewer;
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-label', `${img.alt || '图'}（放大查看）`);
  dialog.dataset.figureViewer = '';

  const bar = document.createElement('div');
  bar.className = styles.bar;
  const hint = document.createElement('span');
  hint.textContent = '拖动查看全图';
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'button button--secondary button--sm';
  close.textContent = '关闭';
  bar.append(hint, close);

  const pane = document.createElement('div');
  pane.className = styles.pane;
  pane.tabIndex = 0;
  pane.setAttribute('aria-label', img.alt || '图');
  const copy = document.createElement('img');
  copy.src = img.currentSrc || img.src;
  copy.alt = img.alt;
  copy.className = styles.figure;
  copy.style.width = `${width}px`;
  pane.append(copy);
  dialog.append(bar, pane);

  function onKey(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.preventDefault();
      closeViewer();
    } else if (event.key === 'Tab') {
      // Two stops, the button and the pane: keep focus inside the dialog.
      event.preventDefault();
      (document.activeElement === close ? pane : close).focus();
    }
  }
  function closeViewer() {
    document.removeEventListener('keydown', onKey, true);
    dialog.remove();
    root.style.overflow = previousOverflow;
    returnFocus?.focus?.();
  }

  close.addEventListener('click', closeViewer);
  document.addEventListener('keydown', onKey, true);
  root.style.overflow = 'hidden';
  document.body.append(dialog);
  close.focus();
}
