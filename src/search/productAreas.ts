/**
 * The product areas of the docs, by the first path segment under /docs/: the name the search
 * modal groups hits by (hierarchy.lvl0), and the names readers type for the product. Shared by
 * the record extraction (build time) and the inverted index (build time; the browser only reads
 * the scores it stored).
 */
export const PRODUCT_AREAS: Record<string, {lvl0: string; names: string[]}> = {
  neptune: {lvl0: 'Neptune 工业云平台', names: ['Neptune']},
  triton: {lvl0: 'Triton 设备端连接器', names: ['Triton']},
  // The area name 应用 is any application, so no reader means this area by it.
  apps: {lvl0: '应用', names: []},
  janus: {lvl0: 'Janus 边缘计算系统软件', names: ['Janus']},
  'open-platform': {lvl0: '开放平台', names: ['开放平台']},
  lowcode: {lvl0: '低代码 HMI 组态软件', names: ['Lowcode', 'HMI', '组态']},
  automation: {lvl0: '低代码流程图控制软件', names: ['Automation']},
};

const areaOf = (pathname: string) =>
  pathname.startsWith('/docs/') ? PRODUCT_AREAS[pathname.replace(/^\/docs\//, '').split('/')[0]] : undefined;

/** lvl0 of a page: its product area, 文档 for other docs pages, 使用帮助 outside /docs/. */
export function productArea(pathname: string): string {
  return areaOf(pathname)?.lvl0 ?? (pathname.startsWith('/docs/') ? '文档' : '使用帮助');
}

/**
 * The product names of a page (absolute URL or path): Neptune, Janus, HMI … Generic words of
 * the area names (设备, 系统, 软件, 平台) are left out: every query has them.
 */
export function productNames(url: string): string[] {
  return areaOf(url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+/i, '').split('#')[0])?.names ?? [];
}
