import {expect, type Page} from '@playwright/test';

/**
 * What the reader sees of the keyboard focus: the focused element, where it sits on the page and
 * its focus indicator (outline or box-shadow), the indicator's contrast against what is behind it
 * (WCAG 1.4.11: at least 3:1) and whether a clipping ancestor or the viewport cuts it off.
 */
export type FocusInfo = {
  /** Page region of the focused element (see regionOf below). */
  region: string;
  /** aria-label, else visible text, else the tag name. */
  name: string;
  tag: string;
  /** The indicator as computed, e.g. "outline solid 2px rgb(11, 92, 173) offset 2px". */
  ring: string;
  hasRing: boolean;
  /** Contrast of the ring colour against the background behind it (null when unknown). */
  contrast: number | null;
  /** The clipping box that cuts the ring off, or null when the whole ring is visible. */
  clippedBy: string | null;
  /** The element itself is at least partly inside the viewport. */
  onScreen: boolean;
};

/** Reads the focus indicator of document.activeElement. */
export async function focusInfo(page: Page): Promise<FocusInfo> {
  return page.evaluate(() => {
    const el = (document.activeElement ?? document.body) as HTMLElement;

    const regionOf = (e: Element): string => {
      if (e === document.body || e === document.documentElement) return 'body';
      const regions: [string, string][] = [
        ['a[class*="skipToContent"]', 'skip'],
        ['.theme-announcement-bar', 'announcement'],
        ['nav.navbar', 'navbar'],
        ['.theme-doc-sidebar-container', 'sidebar'],
        ['.theme-doc-breadcrumbs', 'breadcrumbs'],
        ['.theme-doc-toc-desktop', 'toc'],
        ['.pagination-nav', 'pagination'],
        ['main article', 'content'],
        ['.DocSearch-Modal', 'search modal'],
        ['footer', 'footer'],
        ['main', 'main'],
      ];
      for (const [selector, name] of regions) if (e.closest(selector)) return name;
      return 'other';
    };

    // Colour helpers (sRGB, WCAG relative luminance).
    type Rgba = [number, number, number, number];
    const parse = (c: string): Rgba | null => {
      const m = c.match(/rgba?\(([^)]+)\)/);
      if (!m) return null;
      const p = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
      return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
    };
    const over = (top: Rgba, under: Rgba): Rgba => {
      const a = top[3] + under[3] * (1 - top[3]);
      if (a === 0) return [0, 0, 0, 0];
      const mix = (i: number) => (top[i] * top[3] + under[i] * under[3] * (1 - top[3])) / a;
      return [mix(0), mix(1), mix(2), a];
    };
    const luminance = ([r, g, b]: Rgba) => {
      const lin = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const contrastOf = (a: Rgba, b: Rgba) => {
      const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
      return (x + 0.05) / (y + 0.05);
    };
    /** Background painted behind `from`: its own and its ancestors' backgrounds composited. */
    const backgroundBehind = (from: Element | null): Rgba => {
      const layers: Rgba[] = [];
      for (let e = from; e; e = e.parentElement) {
        const c = parse(getComputedStyle(e).backgroundColor);
        if (c && c[3] > 0) {
          layers.push(c);
          if (c[3] >= 1) break;
        }
      }
      let result: Rgba = [255, 255, 255, 1]; // the canvas
      for (const layer of layers.reverse()) result = over(layer, result);
      return result;
    };

    const s = getComputedStyle(el);
    const outlineWidth = parseFloat(s.outlineWidth) || 0;
    const outlineOffset = parseFloat(s.outlineOffset) || 0;
    const hasOutline = s.outlineStyle !== 'none' && outlineWidth > 0;
    const hasShadow = s.boxShadow !== 'none' && s.boxShadow !== '';

    let ring = 'none';
    let ringColour: Rgba | null = null;
    let extent = 0; // how far the ring reaches beyond the border box (negative: inside it)
    if (hasOutline) {
      ring = `outline ${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} offset ${s.outlineOffset}`;
      ringColour = parse(s.outlineColor);
      extent = outlineOffset + outlineWidth;
    } else if (hasShadow) {
      ring = `box-shadow ${s.boxShadow}`;
      ringColour = parse(s.boxShadow);
      extent = s.boxShadow.includes('inset') ? 0 : 2;
    }
    // An outline drawn outside the element sits on the parent's background, one drawn inside on the element's.
    const behind = backgroundBehind(extent > 0 ? el.parentElement : el);
    const contrast = ringColour ? Math.round(contrastOf(over(ringColour, behind), behind) * 100) / 100 : null;

    // Clipping: the ring box must fit in the viewport and in every ancestor that clips overflow.
    const r = el.getBoundingClientRect();
    const ringBox = {
      left: r.left - extent,
      top: r.top - extent,
      right: r.right + extent,
      bottom: r.bottom + extent,
    };
    const tolerance = 0.5;
    const outside = (box: {left: number; top: number; right: number; bottom: number}) =>
      ringBox.left < box.left - tolerance ||
      ringBox.top < box.top - tolerance ||
      ringBox.right > box.right + tolerance ||
      ringBox.bottom > box.bottom + tolerance;
    let clippedBy: string | null = null;
    if (el !== document.body && (hasOutline || hasShadow)) {
      const viewport = {left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight};
      if (outside(viewport)) clippedBy = 'viewport';
      for (let p = el.parentElement; p && !clippedBy && p !== document.body; p = p.parentElement) {
        const ps = getComputedStyle(p);
        if (ps.overflowX === 'visible' && ps.overflowY === 'visible') continue;
        const pr = p.getBoundingClientRect();
        const box = {
          left: pr.left + p.clientLeft,
          top: pr.top + p.clientTop,
          right: pr.left + p.clientLeft + p.clientWidth,
          bottom: pr.top + p.clientTop + p.clientHeight,
        };
        if (outside(box)) clippedBy = `${p.tagName.toLowerCase()}.${[...p.classList].join('.')} (overflow ${ps.overflow})`;
      }
    }

    const name = (el.getAttribute('aria-label') ?? el.innerText ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
    return {
      region: regionOf(el),
      name: name || el.tagName.toLowerCase(),
      tag: el.tagName.toLowerCase(),
      ring,
      hasRing: hasOutline || hasShadow,
      contrast,
      clippedBy,
      onScreen: r.bottom > 0 && r.right > 0 && r.top < window.innerHeight && r.left < window.innerWidth,
    };
  });
}

/** Problems with the focus indicator in `info`, as readable sentences (empty when fine). */
export function focusRingProblems(info: FocusInfo): string[] {
  const where = `${info.region} «${info.name}» (${info.tag})`;
  const problems: string[] = [];
  if (!info.onScreen) problems.push(`${where}: focused element is off screen`);
  if (!info.hasRing) problems.push(`${where}: no focus indicator (${info.ring})`);
  else {
    if (info.contrast !== null && info.contrast < 3) {
      problems.push(`${where}: focus ring contrast ${info.contrast}:1 < 3:1 (${info.ring})`);
    }
    if (info.clippedBy) problems.push(`${where}: focus ring clipped by ${info.clippedBy} (${info.ring})`);
  }
  return problems;
}

/** Asserts that the focused element shows a visible, unclipped focus ring with enough contrast. */
export async function expectVisibleFocusRing(page: Page, context = ''): Promise<FocusInfo> {
  const info = await focusInfo(page);
  const problems = focusRingProblems(info);
  expect(problems, `${context}${problems.join('\n')}`).toEqual([]);
  return info;
}
