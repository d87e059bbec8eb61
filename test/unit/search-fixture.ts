import {buildSplitIndex, loadSplitIndex} from '../../src/search/indexFile';
import {extractRecords} from '../../src/search/records';
import type {SearchRecord} from '../../src/search/types';
import type {LoadedIndex} from '../../src/search/localClient';

/** Minimal built-page HTML in the shape Docusaurus emits for a doc page. */
export function docHtml(title: string, body: string, tag = 'docs-default-current'): string {
  return `<!doctype html><html lang="zh-Hans"><head><title>${title} | 星联文档中心</title>
<meta name="docsearch:language" content="zh-Hans"><meta name="docsearch:docusaurus_tag" content="${tag}"></head>
<body><main><article><div class="theme-doc-markdown markdown"><header><h1>${title}</h1></header>${body}</div></article></main></body></html>`;
}

export const pages: [string, string][] = [
  [
    '/docs/neptune/api/device_connection/mqtt',
    docHtml(
      'MQTT 设备接入',
      `<p>设备可以直接连接 Neptune 的 MQTT Broker 上报数据。</p>
       <h2 id="broker">连接参数<a class="hash-link" href="#broker">\u200b</a></h2>
       <p>Broker 地址为 mqtt.neptune.example.com，TLS 端口 8883。</p>
       <table><thead><tr><th>参数</th><th>说明</th></tr></thead><tbody><tr><td>clientId</td><td>设备 ID</td></tr></tbody></table>
       <h3 id="keepalive">保活</h3><ul><li>keep_alive 建议 60 秒</li></ul>
       <pre><code>mosquitto_pub -h secret-in-code</code></pre>`,
    ),
  ],
  [
    '/docs/open-platform/janus-api/device/get-device-list',
    docHtml('getDeviceList 获取设备列表', `<p>调用 janus.device.getDeviceList 分页读取设备。</p><h2 id="example">示例</h2><p>返回 Promise。</p>`),
  ],
  [
    '/docs/janus/user/requirements',
    docHtml('部署要求', `<p>Janus 需要 4 核 CPU 和 8 GB 内存，防火墙需放行 8080 端口。</p>`),
  ],
  ['/markdown-page', docHtml('如何阅读本文档', `<p>提示框说明风险等级。</p>`, 'default').replace('<article>', '<article class="x">')],
];

export function fixtureRecords(): SearchRecord[] {
  return pages.flatMap(([pathname, html], i) =>
    extractRecords({html, pathname, siteUrl: 'https://docs.example.com'}, String(i)),
  );
}

export function fixtureIndex(): LoadedIndex {
  return loadSplitIndex(buildSplitIndex(fixtureRecords()));
}
