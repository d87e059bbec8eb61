/**
 * The six take-away manuals (a PDF each, and a section each in llms.txt). Names and versions come
 * from glossary/registry (test/unit/manuals-plan.test.ts checks each version against its facts).
 */
export type ManualKey = 'neptune' | 'janus' | 'triton' | 'lowcode' | 'automation' | 'open-platform';

export interface ManualProduct {
  key: ManualKey;
  /** The product as glossary/README.md writes it on first mention. */
  name: string;
  /** The documented version shown on the cover. */
  version: string;
  /** What the manual holds, one line (cover and llms.txt). */
  contents: string;
  /** The product's introduction page: the 「下载 PDF 手册」 link is shown there. */
  introduction: string;
  /** Doc id prefixes (folders under docs/) whose pages belong to this manual. */
  folders: string[];
}

export const VENDOR = '星联工业科技有限公司';

export const manualProducts: ManualProduct[] = [
  {
    key: 'neptune',
    name: 'Neptune 工业云平台',
    version: 'Neptune 2.9',
    contents: '用户指南、义齿设备管理应用、Open API、MQTT 接入与版本说明',
    introduction: 'neptune/user/introduction',
    folders: ['neptune', 'apps'],
  },
  {
    key: 'janus',
    name: 'Janus 边缘计算系统软件',
    version: 'Janus 3.4.2',
    contents: '安装与激活、用户指南与 Janus API',
    introduction: 'janus/user/introduction',
    folders: ['janus'],
  },
  {
    key: 'triton',
    name: 'Triton 设备端连接器',
    version: 'Triton 3.2.0',
    contents: '下载、配置与接入，以及 Go、Windows、Linux、WinCE 开发指南',
    introduction: 'triton/deploy/introduction',
    folders: ['triton'],
  },
  {
    key: 'lowcode',
    name: '低代码 HMI 组态软件',
    version: 'Lowcode 1.8',
    contents: '快速入门、HMI 应用开发、部署与使用和版本说明',
    introduction: 'lowcode/hmi',
    folders: ['lowcode'],
  },
  {
    key: 'automation',
    name: '低代码流程图控制软件',
    version: 'Automation 2.6',
    contents: '流程管理与运动参数配置',
    introduction: 'automation/work-flow-intro',
    folders: ['automation'],
  },
  {
    key: 'open-platform',
    name: '开放平台',
    version: 'Janus 3.4.2',
    contents: 'Janus 自定义应用的开发指南、脚本 API 与组件参考',
    introduction: 'open-platform/introduction',
    folders: ['open-platform'],
  },
];

/** The manual a doc belongs to (by its top folder), if any. */
export function manualOfDoc(docId: string): ManualProduct | undefined {
  const folder = docId.split('/')[0];
  return manualProducts.find((m) => m.folders.includes(folder));
}

/** The manual whose introduction page this doc is. */
export function manualIntroducedBy(docId: string): ManualProduct | undefined {
  return manualProducts.find((m) => m.introduction === docId);
}

/** The manual's title as printed on its cover and in the PDF metadata. */
export const manualTitle = (m: ManualProduct): string => `${m.name}用户手册`;

/** Where the build writes the manual, relative to the site root. */
export const manualPath = (key: ManualKey): string => `pdf/${key}.pdf`;
