/**
 * Search synonyms: the words readers type for what the pages say. One list for both backends:
 * the embedded engine expands a query with them (src/search/query.ts), and `npm run
 * search:upload` pushes them to Algolia as synonyms (scripts/search-upload.ts), so hosted search
 * answers the same questions.
 *
 * Written by reading the docs and the misses of the question-style evaluation set
 * (test/search-eval/questions.json), not generated. Rules for a new entry:
 * - a two-way group (`synonym`) only when each word can stand for every other in these docs;
 * - a one-way entry (`onewaysynonym`) when a reader's word should find the docs' word but not the
 *   other way round (a symptom in plain words → the term the page uses);
 * - lower case; Latin words are matched as whole words, Chinese ones also inside a run of single
 *   characters the segmenter could not split (断网后 → 断网);
 * - check the effect with `npm run search:eval` (both sets must keep their targets).
 */
export type Synonym =
  | {type: 'synonym'; synonyms: string[]}
  | {type: 'onewaysynonym'; input: string; synonyms: string[]};

export const SYNONYMS: Synonym[] = [
  // Network gone: the pages say 离线 (offline activation, offline cache, device offline) or 断线.
  {type: 'synonym', synonyms: ['离线', '断网', '断线', '没有网络', '无网络', '网络中断', '不联网']},
  // Connecting a device or a program: Triton 接入 Janus, 设备接入 vs 连接.
  {type: 'synonym', synonyms: ['接入', '连接']},
  // Starting with the machine: systemd enable, Windows services, WinCE startup.
  {type: 'synonym', synonyms: ['开机自启', '开机自动运行', '开机自动启动', '自启动', '开机启动', '自动启动']},
  // Register order of 32-bit values: the Modbus pages say 字节序.
  {type: 'synonym', synonyms: ['字节序', '字节顺序', '高低字节', '高低字', '大小端']},
  // Installing software on a server or a device.
  {type: 'synonym', synonyms: ['部署', '安装']},
  {type: 'synonym', synonyms: ['密钥', 'key', 'secret']},
  {type: 'synonym', synonyms: ['令牌', 'token']},
  {type: 'synonym', synonyms: ['端口', 'port']},
  {type: 'synonym', synonyms: ['告警', '报警', '警报']},
  {type: 'synonym', synonyms: ['授权', 'license', '许可证']},
  {type: 'synonym', synonyms: ['数据点', '点位', '测点']},
  {type: 'synonym', synonyms: ['串口', 'rs485', 'rs-485', 'com口']},
  {type: 'synonym', synonyms: ['跳变', '来回跳', '反复跳', '跳来跳去']},
  {type: 'synonym', synonyms: ['失效', '过期']},
  // Symptoms in a reader's words → what the troubleshooting sections say.
  // Opening a port in the firewall: the requirement pages say 放行.
  {type: 'onewaysynonym', input: '开放', synonyms: ['放行']},
  // A value or a screen that stops changing: debug-panel and var-debug say 不刷新, live-data-field
  // 不更新, add-panel 不再刷新.
  {type: 'synonym', synonyms: ['不刷新', '不更新', '不再刷新', '不再更新']},
  {type: 'onewaysynonym', input: '没变', synonyms: ['没有变化', '不变']},
  // A control that cannot be used: the pages say the button 不可用 or 是灰色的 / 变灰.
  {type: 'synonym', synonyms: ['灰色', '变灰', '置灰']},
  {type: 'onewaysynonym', input: '点不了', synonyms: ['不可用', '不可操作', '禁用']},
  // Broken hardware: the pages say 故障 (控制器故障时, 服务器故障时) or 损坏.
  {type: 'onewaysynonym', input: '坏了', synonyms: ['故障', '损坏']},
  {type: 'onewaysynonym', input: '一片白', synonyms: ['白屏', '空白']},
  {type: 'onewaysynonym', input: '闪退', synonyms: ['崩溃', '退出']},
  {type: 'onewaysynonym', input: '停了', synonyms: ['停止']},
  // Timestamps off by the time zone: the pages say the curve is 错位 or 偏移 8 小时.
  {type: 'onewaysynonym', input: '差了', synonyms: ['错位', '偏移']},
  {type: 'onewaysynonym', input: '调用次数', synonyms: ['限流']},
  {type: 'onewaysynonym', input: '都没有', synonyms: ['为空', '是空的']},
  // Two things that should agree: the error messages say 不匹配 (激活码与机器码不匹配) or 不一致.
  {type: 'onewaysynonym', input: '对不上', synonyms: ['不匹配', '不一致']},
  {type: 'onewaysynonym', input: '过期', synonyms: ['有效期', '到期']},
  // Field names readers copy from a response → the concept the page explains.
  {type: 'onewaysynonym', input: 'access_token', synonyms: ['访问令牌']},
];
