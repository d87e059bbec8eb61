import type {Zoom, ZoomOptions} from 'medium-zoom';
import {inlineSvgSource, legibleWidth, smallestFontSize, svgIntrinsicWidth} from './legibleSize';

/** The part of medium-zoom's API that docusaurus-plugin-image-zoom calls. */
export interface LazyZoom {
  update(options: ZoomOptions): LazyZoom;
  detach(): LazyZoom;
}

let currentSelector: string | null = null;

/** Spec §4: the mobile layout is at most 996 px wide. */
const MOBILE_LAYOUT = '(max-width: 996px)';

/**
 * On a phone or tablet (the mobile layout), a tap on a figure that medium-zoom could only fit to
 * the screen — labels still below body-text size — opens the panning viewer instead
 * (./figureViewer.ts). Desktop screens keep medium-zoom (spec §9): fitted to 1280 px and more,
 * the figures' labels are within a pixel or two of body size. Registered once, in the capture
 * phase, so medium-zoom's own document listener never sees that click.
 */
function onFigureClick(event: MouseEvent) {
  const img = event.target;
  if (!currentSelector || !(img instanceof HTMLImageElement) || !img.matches(currentSelector)) return;
  if (!window.matchMedia(MOBILE_LAYOUT).matches) return;
  const bodyPx = parseFloat(getComputedStyle(img.closest('.markdown') ?? document.body).fontSize) || 16;
  const svg = inlineSvgSource(img.src) ?? '';
  const intrinsic = svgIntrinsicWidth(svg) ?? (img.naturalWidth || img.width);
  const width = legibleWidth(intrinsic, bodyPx, smallestFontSize(svg));
  if (width <= document.documentElement.clientWidth) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  void import('./figureViewer').then(({openFigureViewer}) => openFigureViewer(img, width));
}

/**
 * medium-zoom for docusaurus-plugin-image-zoom (plugins/lean-bundle points the plugin's
 * `medium-zoom` import here), loaded only on pages that have an image to zoom: most pages have
 * none, and the library would otherwise sit in every page's main bundle. Attaches a second after
 * each route update, as the plugin schedules it; a detach before the load cancels it.
 */
export default function lazyMediumZoom(selector: string, options: ZoomOptions = {}): LazyZoom {
  let zoom: Zoom | undefined;
  let current = {...options};
  let detached = false;
  if (currentSelector === null) document.addEventListener('click', onFigureClick, true);
  currentSelector = selector;
  if (document.querySelector(selector)) {
    void import('medium-zoom').then(({default: mediumZoom}) => {
      if (!detached) zoom = mediumZoom(selector, current);
    });
  }
  const handle: LazyZoom = {
    update(next) {
      current = {...current, ...next};
      zoom?.update(next);
      return handle;
    },
    detach() {
      detached = true;
      zoom?.detach();
      return handle;
    },
  };
  return handle;
}
