import type {Config, LoadContext} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {codeTheme} from './src/prism/themes';
import codeFromFile from './src/remark/codeFromFile';
import {searchConfig} from './src/search/config';
import docsRootRedirect from './plugins/docs-root-redirect';
import docsearchFixes from './plugins/docsearch-fixes';
import earlySearchShortcut from './plugins/early-search-shortcut';
import leanBundle from './plugins/lean-bundle';
import offlineReading from './plugins/offline-reading';
import pdfManuals from './plugins/pdf-manuals';
import llmsTxt from './plugins/llms-txt';
import rehypeTableLabels from './src/markdown/rehypeTableLabels';

const announcementId = 'neptune-2-9-release';

const config = {
  title: '星联文档中心',
  tagline: '星联工业的工业云、边缘计算、设备连接与低代码产品文档',
  favicon: 'img/favicon.svg',
  url: 'https://docs.example.com',
  baseUrl: '/',
  trailingSlash: undefined,
  organizationName: 'xinglian',
  projectName: 'docs',

  future: {
    v4: {removeLegacyPostBuildHeadAttribute: true},
    faster: true,
  },

  onBrokenLinks: 'throw',
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'warn',
  markdown: {
    hooks: {onBrokenMarkdownLinks: 'warn', onBrokenMarkdownImages: 'throw'},
  },

  i18n: {
    defaultLocale: 'zh-Hans',
    locales: ['zh-Hans'],
    localeConfigs: {
      'zh-Hans': {
        label: '简体中文',
        direction: 'ltr',
        htmlLang: 'zh-Hans',
        calendar: 'gregory',
      },
    },
  },

  presets: [
    [
      'classic',
      {
        docs: {
          sidebarPath: './sidebars.ts',
          routeBasePath: 'docs',
          lastVersion: 'current',
          versions: {current: {label: 'Next'}},
          showLastUpdateTime: false,
          // ```c file="examples/…" shows that project file (triton.h is compiled by npm run test:examples)
          beforeDefaultRemarkPlugins: [codeFromFile],
          // Column headers on table cells, for the one-card-per-row phone layout of wide tables.
          rehypePlugins: [rehypeTableLabels],
        },
        pages: {rehypePlugins: [rehypeTableLabels]},
        blog: false,
        theme: {customCss: './src/css/custom.css'},
        sitemap: {changefreq: 'weekly', priority: 0.5, ignorePatterns: ['/search']},
      } satisfies Preset.Options,
    ],
  ],

  plugins: [
    'docusaurus-plugin-image-zoom',
    docsRootRedirect,
    docsearchFixes,
    earlySearchShortcut,
    leanBundle,
    ...searchConfig.plugins,
    (context: LoadContext) => offlineReading(context, {searchIndexPath: searchConfig.indexPath}),
    (context: LoadContext) => pdfManuals(context),
    llmsTxt,
  ],

  themeConfig: {
    image: 'img/social-card.svg',
    metadata: [{name: 'keywords', content: '星联工业, Neptune, Janus, Triton, 低代码 HMI, 工业物联网'}],
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: true,
    },
    announcementBar: {
      id: announcementId,
      content:
        'Neptune 2.9 已于 2025-03-20 正式发布，<a href="/docs/neptune/version/v2_9">查看 2.9 发布说明</a>',
      isCloseable: true,
    },
    navbar: {
      title: '星联文档中心',
      hideOnScroll: true,
      // Intrinsic size (the SVG is 32 × 32, shown 2rem high): Lighthouse's unsized-images audit.
      logo: {alt: '星联工业标志', src: 'img/logo.svg', width: 32, height: 32},
      items: [
        {
          to: '/docs/automation/work-flow-intro',
          label: '低代码流程图控制软件',
          position: 'left',
          activeBasePath: 'docs/automation',
        },
        {
          to: '/docs/lowcode/hmi',
          label: '低代码 HMI 组态软件',
          position: 'left',
          activeBasePath: 'docs/lowcode',
        },
        {
          to: '/docs/janus/user/introduction',
          label: '边缘计算系统软件',
          position: 'left',
          // Open-platform pages live in the Janus sidebar, so they keep this tab active too.
          activeBaseRegex: '^/docs/(janus|open-platform)(/|$)',
        },
        {
          to: '/docs/neptune/user/introduction',
          label: '工业云平台及服务',
          position: 'left',
          // Triton and the denture app are read from the Neptune sidebar.
          activeBaseRegex: '^/docs/(neptune|triton|apps)(/|$)',
        },
        {type: 'localeDropdown', position: 'right'},
        {type: 'search', position: 'right'},
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: '产品文档',
          items: [
            {label: 'Neptune 工业云平台', to: '/docs/neptune/user/introduction'},
            {label: 'Janus 边缘计算系统软件', to: '/docs/janus/user/introduction'},
            {label: '低代码 HMI 组态软件', to: '/docs/lowcode/hmi'},
            {label: '低代码流程图控制软件', to: '/docs/automation/work-flow-intro'},
          ],
        },
        {
          title: '开发者',
          items: [
            {label: 'Neptune Open API', to: '/docs/neptune/api/overview'},
            {label: 'Janus API', to: '/docs/janus/api/introduction'},
            {label: 'Triton 开发指南', to: '/docs/triton/developer/introduction'},
            {label: '开放平台', to: '/docs/open-platform/introduction'},
          ],
        },
        {
          title: '帮助',
          items: [
            {label: '如何阅读本文档', to: '/markdown-page'},
            {label: '搜索文档', to: '/search'},
            {label: '联系技术支持', href: 'mailto:support@example.com'},
          ],
        },
      ],
      copyright: 'Copyright © 2008-2025 星联工业科技有限公司',
    },
    docs: {sidebar: {hideable: true, autoCollapseCategories: true}},
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
    prism: {
      // One theme whose colours are CSS variables set per colour mode (see the file).
      theme: codeTheme,
      darkTheme: codeTheme,
      // None at start-up: src/prism/lean-prism-react-renderer.ts defines bash, go, ini,
      // properties, shell-session and toml (and the rest) when a code block first needs them.
      additionalLanguages: [],
    },
    zoom: {
      selector: '.markdown img',
      background: {light: 'rgb(255, 255, 255)', dark: 'rgb(50, 50, 50)'},
      config: {margin: 0, scrollOffset: 40},
    },
    algolia: searchConfig.algolia,
  } satisfies Preset.ThemeConfig,
} satisfies Config;

export default config;
