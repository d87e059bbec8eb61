/**
 * How wide a figure must be shown for its smallest label to reach body-text size. The site's
 * figures are SVGs whose viewBox width is their intrinsic width, with labels of 10–13 units
 * (CONTRIBUTING.md, 「图」): fitted to a 358 px phone column they render at 4–6 px.
 */

/** The label size assumed when a figure's source cannot be read (the figures' usual size). */
export const DEFAULT_LABEL_SIZE = 12;

/** The smallest font size an SVG source sets, in user units (attributes and inline styles). */
export function smallestFontSize(svg: string): number | undefined {
  const sizes = [...svg.matchAll(/font-size(?:="|:\s*)([\d.]+)(?:px)?/g)].map((m) => Number(m[1])).filter((n) => n > 0);
  return sizes.length > 0 ? Math.min(...sizes) : undefined;
}

/** The SVG text of an inlined figure (`data:image/svg+xml;base64,…` or URL-encoded), if it is one. */
export function inlineSvgSource(src: string): string | undefined {
  const match = /^data:image\/svg\+xml(;base64)?,(.*)$/s.exec(src);
  if (!match) return undefined;
  try {
    if (!match[1]) return decodeURIComponent(match[2]);
    const bytes = Uint8Array.from(atob(match[2]), (c) => c.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * The intrinsic width of an SVG source, in CSS px: its root's `width` when given in px (or
 * unitless), else its viewBox width. The site's figures set only a viewBox (CONTRIBUTING.md,
 * 「图的样式」: viewBox 宽 960), and a browser then reports the default 300 px as the image's
 * natural width, far below the width the figure is drawn for.
 */
export function svgIntrinsicWidth(svg: string): number | undefined {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0];
  if (!root) return undefined;
  const width = /\swidth\s*=\s*["']\s*([\d.]+)\s*(px)?\s*["']/.exec(root);
  if (width && Number(width[1]) > 0) return Number(width[1]);
  const viewBox = /\sviewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+[\d.]+\s*["']/.exec(root);
  if (viewBox && Number(viewBox[1]) > 0) return Number(viewBox[1]);
  return undefined;
}

/** The width (CSS px) at which the figure's smallest label is `bodyPx` high: never below its own width. */
export function legibleWidth(intrinsicWidth: number, bodyPx: number, labelSize = DEFAULT_LABEL_SIZE): number {
  return Math.round(intrinsicWidth * Math.max(1, bodyPx / labelSize));
}
