/**
 * Two gaps of the DocSearch 4.7 modal, closed from outside while it is open:
 * - Tab must stay inside the modal. DocSearch traps focus between the first and last focusable
 *   elements it found on opening; in local mode the last one (the Algolia logo link) is hidden,
 *   so focus escaped. The trap here looks up the visible focusable elements on each keypress.
 * - The spec's empty start screen, 「没有最近搜索」: 4.7 renders nothing at all with an empty
 *   query and no recent or favourite searches.
 */
import {useEffect} from 'react';
import {translate} from '@docusaurus/Translate';

export const snippetLength = (): number =>
  typeof window !== 'undefined' && window.matchMedia('(max-width: 768px)').matches ? 5 : 10;

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';
const EMPTY_MARK = 'data-empty-recents';

function visibleFocusables(modal: Element): HTMLElement[] {
  return [...modal.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

function trapTab(event: KeyboardEvent) {
  if (event.key !== 'Tab') return;
  const modal = document.querySelector('.DocSearch-Modal');
  if (!modal) return;
  const items = visibleFocusables(modal);
  if (items.length === 0) return;
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement as HTMLElement | null;
  const outside = !active || !modal.contains(active);
  let target: HTMLElement | null = null;
  if (event.shiftKey && (outside || active === first)) target = last;
  else if (!event.shiftKey && (outside || active === last)) target = first;
  if (target) {
    event.preventDefault();
    event.stopImmediatePropagation();
    target.focus();
  }
}

function syncEmptyRecents() {
  const modal = document.querySelector('.DocSearch-Modal');
  const input = document.querySelector<HTMLInputElement>('.DocSearch-Input');
  if (!modal || !input) return;
  const ours = modal.querySelector(`[${EMPTY_MARK}]`);
  const theirs = [...modal.querySelectorAll('.DocSearch-Dropdown')].some((el) => !el.hasAttribute(EMPTY_MARK));
  const wanted = input.value === '' && !theirs;
  if (wanted && !ours) {
    const box = document.createElement('div');
    box.className = 'DocSearch-Dropdown';
    box.setAttribute(EMPTY_MARK, '');
    const screen = document.createElement('div');
    screen.className = 'DocSearch-StartScreen';
    const text = document.createElement('p');
    text.className = 'DocSearch-Help';
    text.textContent = translate({id: 'theme.SearchModal.startScreen.noRecentSearchesText', message: 'No recent searches'});
    screen.append(text);
    box.append(screen);
    modal.insertBefore(box, modal.querySelector('.DocSearch-Footer'));
  } else if (!wanted && ours) {
    ours.remove();
  }
}

export function useModalFixes(isOpen: boolean): void {
  useEffect(() => {
    if (!isOpen) return undefined;
    document.addEventListener('keydown', trapTab, true);
    const observer = new MutationObserver(syncEmptyRecents);
    observer.observe(document.body, {childList: true, subtree: true});
    document.addEventListener('input', syncEmptyRecents, true);
    syncEmptyRecents();
    return () => {
      document.removeEventListener('keydown', trapTab, true);
      document.removeEventListener('input', syncEmptyRecents, true);
      observer.disconnect();
    };
  }, [isOpen]);
}
