import type {Zoom, ZoomOptions} from 'medium-zoom';

/** The part of medium-zoom's API that docusaurus-plugin-image-zoom calls. */
export interface LazyZoom {
  update(options: ZoomOptions): LazyZoom;
  detach(): LazyZoom;
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
