/**
 * 星联工业 开放平台：Janus 应用容器注入的全局对象 `janus` 的类型声明。
 *
 * 用法：把本文件放进应用工程（例如 `types/janus.d.ts`），在 JavaScript 文件顶部写
 * `/// <reference path="../types/janus.d.ts" />`，或在 tsconfig.json / jsconfig.json 的
 * `include` 中包含它，编辑器即可对 `janus.*` 给出补全与类型检查。
 *
 * 约定：异步函数返回 Promise，失败时以 janus.JanusError 拒绝；同步函数失败时直接抛出 janus.JanusError。
 * 函数名由文档 ID 转为驼峰，例如文档 get-device-list 对应 janus.device.getDeviceList。
 * 文档：https://docs.example.com/docs/open-platform/janus-api/overview
 */

declare namespace janus {
  // ---------------------------------------------------------------------------
  // 通用类型
  // ---------------------------------------------------------------------------

  /** 设备状态：在线、离线、运行、待机、故障。 */
  type DeviceStatus = 'online' | 'offline' | 'running' | 'idle' | 'fault';

  /** 设备接入协议。 */
  type DeviceProtocol = 'triton' | 'modbus-tcp' | 'modbus-rtu' | 'opc-ua' | 's7';

  /** 数据质量。 */
  type DataQuality = 'good' | 'uncertain' | 'bad';

  /** 数据定义的数据类型。 */
  type DataType = 'int16' | 'int32' | 'float' | 'double' | 'bool' | 'string';

  /** 数据定义的读写属性。 */
  type AccessMode = 'r' | 'w' | 'rw';

  /** Janus 用户角色。 */
  type UserRole = 'admin' | 'engineer' | 'operator' | 'guest';

  /** 应用可申请的权限码。 */
  type Privilege =
    | 'device:read'
    | 'device:create'
    | 'device:write'
    | 'file:read'
    | 'file:write'
    | 'user:read';

  /** 数据定义的值。 */
  type DataValue = number | boolean | string;

  /** 以标识符为键的一组值，例如 `{ spindle_speed_set: 12000 }`。 */
  type DataValues = Record<string, DataValue>;

  /** 时间：ISO 8601 带时区的字符串，或 UTC 毫秒时间戳。 */
  type TimeInput = string | number;

  /** 错误对象。服务端错误码沿用 Janus REST 包络；9xxxx 为浏览器端错误码。 */
  interface JanusError extends Error {
    name: 'JanusError';
    /**
     * 错误码：4xxxx、5xxxx 与 Janus API 包络相同（例如 40301 无权限、50301 设备离线）；9xxxx 在浏览器中产生
     * （90001 无法连接 Janus，90002 请求超时，90009 无法连接外部服务或跨域请求被拦截，完整列表见 API 概览）。
     */
    code: number;
    message: string;
    /** HTTP 状态码；仅在请求已到达服务器时存在。 */
    status?: number;
  }

  /** 数据定义。 */
  interface DataDefinition {
    /** 标识符，设备内唯一，1–32 位，字母开头，只含字母、数字、下划线，例如 `spindle_speed`。 */
    identifier: string;
    /** 显示名称。 */
    name: string;
    dataType: DataType;
    /** 单位，例如 `rpm`、`℃`。 */
    unit?: string;
    access: AccessMode;
    /** 设备内地址，例如 Modbus `HR:0`、S7 `DB1.DBD0`、OPC UA `ns=2;s=Spindle.Speed`；`triton` 设备省略，其他协议必填。 */
    address?: string;
    /** 倍率，默认 1。 */
    scale?: number;
    /** 偏移，默认 0。 */
    offset?: number;
    /** 最小值（换算后的显示值），只对数值类型有效；省略或 null 表示不限。写入值小于它时以 40001 拒绝。 */
    min?: number | null;
    /** 最大值（换算后的显示值），只对数值类型有效；省略或 null 表示不限。写入值大于它时以 40001 拒绝。 */
    max?: number | null;
    /** 采集周期（毫秒），最小 100；省略或 null 表示继承设备设置。 */
    pollIntervalMs?: number | null;
    /** 危险指令：为 true 时在 Janus「指令调试」中写入前要求再次输入密码；对 API 与开放平台应用的写入不生效。默认 false。 */
    dangerous?: boolean;
  }

  // ---------------------------------------------------------------------------
  // janus.request
  // ---------------------------------------------------------------------------

  type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

  interface RequestOptions {
    /** 以 `/` 开头的路径相对 `http://<janus-ip>:8080/api/v1`；完整 URL 的主机必须列在 app.json 的 network.allowedHosts 中。 */
    url: string;
    /** 默认 `GET`。 */
    method?: HttpMethod;
    /** 查询参数，数组按逗号拼接。 */
    params?: Record<string, string | number | boolean | Array<string | number>>;
    /** 请求体：普通对象按 JSON 发送，FormData 按 multipart 发送。 */
    data?: unknown;
    /** 额外请求头；`X-Janus-Token` 由容器附加，不能覆盖。 */
    headers?: Record<string, string>;
    /** 超时（毫秒），默认 15000，最大 120000。 */
    timeout?: number;
    /** 默认 `json`。 */
    responseType?: 'json' | 'text' | 'blob' | 'arraybuffer';
  }

  interface RequestResponse<T = unknown> {
    /** HTTP 状态码。 */
    status: number;
    /** 响应头，名称为小写。 */
    headers: Record<string, string>;
    /** 响应体；Janus 接口返回完整包络 `{ code, message, data }`。 */
    data: T;
  }

  /**
   * 发送 HTTP 请求。相对路径发往 Janus REST API 并自动附加当前用户的令牌。
   * 2xx 以外的状态码、网络错误和超时会拒绝 Promise。
   */
  function request<T = unknown>(options: RequestOptions): Promise<RequestResponse<T>>;

  // ---------------------------------------------------------------------------
  // janus.device
  // ---------------------------------------------------------------------------

  interface GetDeviceListParams {
    /** 页码，从 1 开始，默认 1。 */
    page?: number;
    /** 每页条数，默认 20，最大 100。 */
    pageSize?: number;
    /** 按设备 ID 或名称模糊匹配。 */
    keyword?: string;
    /** 一个或多个状态；多个状态按逗号拼接发送。 */
    status?: DeviceStatus | DeviceStatus[];
  }

  /** 设备列表中的一项（与 `GET /devices` 返回的设备对象相同）。 */
  interface Device {
    deviceId: string;
    name: string;
    /** 型号，例如 `VMC-850`。 */
    model: string;
    protocol: DeviceProtocol;
    /** 安装位置，用「/」分级，例如 `二号车间 / 机加工 A 线`。 */
    location: string;
    status: DeviceStatus;
    description: string;
    /** ISO 8601。 */
    createdAt: string;
    /** ISO 8601。 */
    updatedAt: string;
  }

  interface DeviceListResult {
    total: number;
    page: number;
    pageSize: number;
    items: Device[];
  }

  interface CreateDeviceInput {
    /** 不填时由 Janus 生成，形如 `DEV-20240315-0001`。 */
    deviceId?: string;
    /** 1–64 个字符，Janus 内唯一。 */
    name: string;
    protocol: DeviceProtocol;
    model?: string;
    location?: string;
    /** 最多 200 个字符。 */
    description?: string;
    /** 连接参数，字段随协议不同；省略时设备创建后处于离线状态。 */
    connection?: Record<string, unknown>;
    /** 最多 1000 个。 */
    dataDefinitions?: DataDefinition[];
  }

  interface CreatedDevice {
    deviceId: string;
    name: string;
    protocol: DeviceProtocol;
    status: DeviceStatus;
    dataDefinitionCount: number;
    /** 仅 `triton` 设备返回，且只返回这一次，用作 Triton 连接 Janus MQTT 的密码。 */
    deviceKey?: string;
    /** ISO 8601。 */
    createdAt: string;
  }

  interface LatestValue {
    identifier: string;
    /** 换算后的最新值。 */
    value: DataValue;
    unit: string;
    /** UTC 毫秒时间戳。 */
    ts: number;
    quality: DataQuality;
  }

  interface DeviceConnectionState {
    protocol: DeviceProtocol;
    connected: boolean;
    /** 最近一次读取耗时（毫秒）；`triton` 设备为 MQTT 往返时延。 */
    latencyMs: number;
    /** 最近 1 小时内的读取失败次数。 */
    errorCount: number;
  }

  interface DeviceInfo {
    deviceId: string;
    status: DeviceStatus;
    /** 进入当前状态的时间，ISO 8601。 */
    statusSince: string;
    /** 最近一次由离线转为在线的时间，ISO 8601。 */
    lastOnlineTime: string | null;
    /** 最近一次收到任意数据的时间，ISO 8601。 */
    lastDataTime: string | null;
    connection: DeviceConnectionState;
    latest: LatestValue[];
  }

  type HistoryInterval = 'raw' | '1m' | '5m' | '1h' | '1d';

  /** `delta` 是每个时间窗内计数器的增量（计数器复位、回绕已处理），只用于数值型，例如产量柱状图。 */
  type HistoryAggregate = 'avg' | 'max' | 'min' | 'last' | 'delta';

  interface HistoryQuery {
    /** 1–10 个标识符。 */
    identifiers: string[];
    startTime: TimeInput;
    endTime: TimeInput;
    /** 默认 `raw`。 */
    interval?: HistoryInterval;
    /** 仅 `interval` 不是 `raw` 时有效，默认 `avg`；bool 与 string 只支持 `last`，`delta` 只用于数值型。 */
    aggregate?: HistoryAggregate;
  }

  /** 质量不是 good 的一段时间。 */
  interface QualityPeriod {
    /** UTC 毫秒时间戳。 */
    startTs: number;
    /** 不含；到查询结束仍未恢复时为 null。 */
    endTs: number | null;
    quality: Exclude<DataQuality, 'good'>;
  }

  interface HistorySeries {
    identifier: string;
    unit: string;
    /** `[UTC 毫秒时间戳, 值]`，按时间升序；Janus 只存变化点，raw 时第一个点是 startTime 时刻有效的值。 */
    points: Array<[number, DataValue]>;
    /** 查询范围内质量不是 good 的时段，没有时为空数组。 */
    qualityPeriods: QualityPeriod[];
  }

  interface HistoryData {
    deviceId: string;
    interval: HistoryInterval;
    /** `raw` 时为 null。 */
    aggregate: HistoryAggregate | null;
    /** 是否因某个标识符超过 10000 点而截断。 */
    truncated: boolean;
    series: HistorySeries[];
  }

  interface LiveDataMessage {
    deviceId: string;
    /** UTC 毫秒时间戳。 */
    ts: number;
    /** 本条消息带的值，只含本回调关心的标识符（options.identifiers）。 */
    values: DataValues;
    /**
     * 质量不是 good 的标识符及其质量；全部正常时为空对象 `{}`。`uncertain` 的值来自上一次成功读取，
     * `bad` 的值只供参考。Janus 3.4.0 以前的版本不带这个字段，容器补为 `{}`。
     */
    quality: Record<string, 'uncertain' | 'bad'>;
  }

  interface SubscribeOptions {
    /**
     * 只接收这些标识符。同一页面同一设备的订阅合并为一个 STOMP 订阅，SUBSCRIBE 帧的 identifiers 头取所有回调的并集，
     * 每个回调只收到自己的标识符。
     */
    identifiers?: string[];
    /** 回调最小间隔（毫秒），间隔内的消息合并后交付，默认 0（不合并）。 */
    throttle?: number;
    /**
     * 订阅成功之后出错时调用：90006（断线后连续 6 次重连失败，容器停止重连）；40301、40401（设备被移出当前用户的设备范围或被删除，
     * 这台设备的订阅被移除）。不提供时容器显示通知「实时数据已断开」。
     */
    onError?: (error: JanusError) => void;
  }

  interface CommandOptions {
    /** 等待设备确认的时间（毫秒），默认 5000，范围 1000–30000。 */
    timeout?: number;
    /** 是否等待设备确认后再返回，默认 true；为 false 时送出即返回 `delivered`。 */
    wait?: boolean;
  }

  type CommandStatus = 'delivered' | 'acknowledged' | 'timeout';

  /** Janus 直接写入的设备（Modbus、S7、OPC UA）逐项的写入结果。 */
  interface CommandItemResult {
    identifier: string;
    /** written 已写入，rejected 设备拒绝，timeout 没有应答，skipped 前一项失败后未执行。 */
    status: 'written' | 'rejected' | 'timeout' | 'skipped';
    ackCode: number | null;
    ackMessage: string | null;
  }

  interface CommandResult {
    /** 形如 `CMD-20250320-000123`。 */
    commandId: string;
    status: CommandStatus;
    /** 设备确认时间，ISO 8601；未确认时为 null。 */
    ackTime: string | null;
    /**
     * 设备返回码：0 表示成功，只有 status 为 acknowledged 且 ackCode 为 0 才算成功；
     * -1 指令本身不对，没有写设备（Modbus 点没有 `writable = true`，或设备程序认为标识符、类型不对；透传消息发给没有 socket 程序接收的 Triton 时 ackMessage 为 `messages require the local socket`）；
     * -3 没有设备程序连着 Triton 的 socket；
     * -9 格式正确但设备不接受或没写成（Modbus/S7/OPC UA 拒绝如 `modbus exception 02`、越界、本地模式、故障锁存，看 ackMessage）；
     * -4 Triton 代报的确认超时：设备程序未在 ack_timeout_ms 内回复，或 Modbus 从站未在 timeout_ms 内应答（status 为 timeout，指令可能已经生效，先回读再决定是否重发（回读的值时间戳不再更新时到现场核对））；
     * 未确认时为 null。
     */
    ackCode: number | null;
    /** 设备返回的说明，例如 `ok`，最长 128 个字符；设备没有给出时为 null。 */
    ackMessage: string | null;
    /** 逐项结果，按 values 的书写顺序；triton 设备与透传消息为 null。 */
    results: CommandItemResult[] | null;
  }

  namespace device {
    /** 分页查询设备。封装 `GET /devices`。 */
    function getDeviceList(params?: GetDeviceListParams): Promise<DeviceListResult>;
    /** 创建设备。封装 `POST /devices`。 */
    function createDevice(device: CreateDeviceInput): Promise<CreatedDevice>;
    /** 查询设备运行信息与最新值。封装 `GET /devices/{deviceId}/info`。 */
    function getDeviceInfo(deviceId: string, identifiers?: string[]): Promise<DeviceInfo>;
    /** 查询历史数据。封装 `GET /devices/{deviceId}/history`。 */
    function getDeviceHistoryData(deviceId: string, query: HistoryQuery): Promise<HistoryData>;
    /**
     * 订阅实时数据，返回本次订阅的 ID（只在本页面有效）。STOMP 目的地 `/topic/devices/{deviceId}/realtime`；
     * 同一设备的多次订阅合并为一个 STOMP 订阅 `id:sub-<deviceId>`。一个页面最多订阅 Janus 订阅上限减 1 台设备
     * （`janus.websocket.max-subscriptions` 默认 200，即 199 台），再订阅新设备时以 90003 拒绝。
     */
    function subscribeDeviceLiveData(
      deviceId: string,
      callback: (message: LiveDataMessage) => void,
      options?: SubscribeOptions,
    ): Promise<string>;
    /** 取消一次订阅（只移除这个回调）；该设备最后一个回调被移除时才发送 UNSUBSCRIBE。未知 ID 直接成功。 */
    function unsubscribeDeviceLiveData(subscriptionId: string): Promise<void>;
    /** 向设备写数据定义的值。封装 `POST /devices/{deviceId}/commands`（type 为 write）。 */
    function sendDeviceData(deviceId: string, values: DataValues, options?: CommandOptions): Promise<CommandResult>;
    /**
     * 向 triton 设备的设备程序推送透传消息。封装 `POST /devices/{deviceId}/commands`（type 为 message）。
     * topic 1–64 个字符；payload 序列化后最多 63 KiB（64,512 字节），超出以 90003 拒绝。
     */
    function pushDataToDevice(
      deviceId: string,
      topic: string,
      payload: Record<string, unknown>,
      options?: CommandOptions,
    ): Promise<CommandResult>;
  }

  // ---------------------------------------------------------------------------
  // janus.route
  // ---------------------------------------------------------------------------

  /** 传给目标菜单页的查询参数，目标页用 `new URLSearchParams(location.search)` 读取。 */
  type RouteQuery = Record<string, string>;

  namespace route {
    /** 当前详情页的记录 ID；不在详情页时返回 null。 */
    function getRecordId(): string | null;
    /** 按 menus 数组下标（从 0 开始）切换菜单。 */
    function goToMenuByIndex(index: number, query?: RouteQuery): void;
    /** 按菜单的 name 切换菜单。 */
    function goToMenuByName(name: string, query?: RouteQuery): void;
    /** 按下标打开菜单的详情页。 */
    function goToMenuDetailByIndex(index: number, recordId: string, query?: RouteQuery): void;
    /** 按 name 打开菜单的详情页。 */
    function goToMenuDetailByName(name: string, recordId: string, query?: RouteQuery): void;
  }

  // ---------------------------------------------------------------------------
  // janus.utils
  // ---------------------------------------------------------------------------

  interface ApplyOptions {
    /** 申请的权限码，必须已在 app.json 的 privileges 中声明。 */
    privileges: Privilege[];
    /** 申请理由，1–200 个字符。 */
    reason: string;
  }

  interface ApplyResult {
    /** 形如 `APL-20250320-0012`。 */
    applicationId: string;
    status: 'pending' | 'approved' | 'rejected';
  }

  interface GetAllUsersOptions {
    role?: UserRole;
    /** 按用户名或显示名模糊匹配。 */
    keyword?: string;
  }

  interface UserInfo {
    userId: string;
    username: string;
    displayName: string;
    role: UserRole;
    /** 账号是否启用。 */
    enabled: boolean;
  }

  interface CurrentUserInfo extends UserInfo {
    /** 当前用户在本应用中的有效权限。 */
    privileges: Privilege[];
  }

  interface AppMenu {
    /** 英文标识，应用内唯一。 */
    name: string;
    title: string;
    /** 菜单页 HTML 路径，相对应用根目录。 */
    page: string;
    detailPage?: string;
    icon?: string;
    /** 看到该菜单所需的权限。 */
    privileges?: Privilege[];
  }

  interface AppManifest {
    appId: string;
    name: string;
    version: string;
    description?: string;
    icon?: string;
    menus: AppMenu[];
    privileges?: Privilege[];
    network?: { allowedHosts?: string[] };
    settings?: Record<string, unknown>;
  }

  interface StorageOptions {
    /** `app`（全体用户共享，默认）或 `user`（当前用户私有）。 */
    scope?: 'app' | 'user';
  }

  interface FilePathOptions {
    /** 签名地址有效期（秒），默认 600，范围 60–86400。 */
    expiresIn?: number;
  }

  interface DialogOptions {
    title: string;
    /** 纯文本内容，换行符会保留。 */
    content: string;
    /** 默认 `info`。 */
    type?: 'info' | 'warning' | 'danger';
    /** 默认「确定」。 */
    confirmText?: string;
    /** 默认「取消」。 */
    cancelText?: string;
    /** 默认 true。 */
    showCancel?: boolean;
  }

  interface WaitingHandle {
    /** 更新遮罩上的文字。 */
    setText(text: string): void;
    /** 移除遮罩；重复调用无副作用。 */
    close(): void;
  }

  interface NotifyOptions {
    message: string;
    title?: string;
    /** 默认 `info`。 */
    type?: 'success' | 'info' | 'warning' | 'error';
    /** 显示时长（毫秒），默认 3000；0 表示需要手动关闭。 */
    duration?: number;
  }

  interface UploadOptions {
    /** 保存的文件名（表单字段 name）；默认取 File 的 name，Blob 必须提供。 */
    fileName?: string;
    /** 分类，例如 `nc-program`、`recipe`、`document`；最多 32 个字符，默认 `default`。 */
    category?: string;
    /** 说明，最多 200 个字符。 */
    description?: string;
    /** 上传进度回调，参数为 0–100 的整数。连续 60 秒没有进展时以 90002 拒绝。 */
    onProgress?: (percent: number) => void;
  }

  interface FileInfo {
    /** 形如 `FILE-20250320-0042`。 */
    fileId: string;
    name: string;
    /** 字节数。 */
    size: number;
    md5: string;
    contentType: string;
    category: string;
    description: string;
    /** ISO 8601。 */
    uploadedAt: string;
    /** 上传者的显示名。 */
    uploadedBy: string;
  }

  namespace utils {
    /** 为当前用户申请权限。 */
    function apply(options: ApplyOptions): Promise<ApplyResult>;
    /** 以附件形式下载文件。封装 `GET /files/{fileId}`。 */
    function downloadFile(fileId: string, fileName?: string): Promise<void>;
    /** 读取 Janus 的全部用户，需要 user:read。 */
    function getAllUsers(options?: GetAllUsersOptions): Promise<UserInfo[]>;
    /** 读取已发布（或预览中）的 app.json。 */
    function getAppJson(): Promise<AppManifest>;
    /** 当前应用的 appId。 */
    function getAppid(): string;
    /** 当前登录用户及其在本应用中的有效权限。 */
    function getCurrentUserInfo(): Promise<CurrentUserInfo>;
    /** 读取应用存储；键不存在时为 null。 */
    function getData<T = unknown>(key: string, options?: StorageOptions): Promise<T | null>;
    /** 生成可直接用于 img/src、a/href 的带签名文件地址。 */
    function getFilePath(fileId: string, options?: FilePathOptions): Promise<string>;
    /** 重新加载当前菜单页。 */
    function refreshPage(): void;
    /** 写入应用存储；value 为 null 时删除该键。 */
    function setData(key: string, value: unknown, options?: StorageOptions): Promise<void>;
    /** 显示模态对话框；点击确认为 true，取消或关闭为 false。 */
    function showDialog(options: DialogOptions): Promise<boolean>;
    /** 在元素上显示加载遮罩。 */
    function showDomWaiting(target: string | HTMLElement, text?: string): WaitingHandle;
    /** 在容器右上角显示通知。 */
    function showNotify(options: NotifyOptions): void;
    /** 把一组值推给本页绑定该设备的 janus-live-data-field，返回更新的组件个数。 */
    function updateLiveDataField(deviceId: string, values: DataValues, ts?: number): number;
    /** 上传文件。封装 `POST /files`（multipart）。 */
    function uploadFile(file: Blob, options?: UploadOptions): Promise<FileInfo>;
  }
}

// -----------------------------------------------------------------------------
// 生命周期事件与自定义元素
// -----------------------------------------------------------------------------

interface JanusReadyDetail {
  appId: string;
  /** 当前菜单的 name。 */
  menu: string;
  /** 当前详情页的记录 ID；不在详情页时为 null。 */
  recordId: string | null;
}

interface WindowEventMap {
  'janus:ready': CustomEvent<JanusReadyDetail>;
  'janus:beforeunload': CustomEvent<{ reason: 'navigate' | 'refresh' | 'close' }>;
}

// -----------------------------------------------------------------------------
// 组件事件：每个自定义元素派发的 CustomEvent 及其 detail（见各组件页的「事件」表）。
// 在元素类型上调用 addEventListener 时，事件名有补全，回调参数 e.detail 有类型。
// -----------------------------------------------------------------------------

/** 加载、翻页时的一行数据。 */
type JanusDatatableRow = Record<string, unknown>;

interface JanusDatatableEventMap extends HTMLElementEventMap {
  /** 点击一行（勾选框除外）；设置了 detail-menu 时在跳转前触发，preventDefault() 阻止跳转。 */
  'janus-row-click': CustomEvent<{ row: JanusDatatableRow; index: number }>;
  /** 勾选状态变化。 */
  'janus-selection-change': CustomEvent<{ selectedKeys: string[]; rows: JanusDatatableRow[] }>;
  /** 用户翻页，新数据加载之前。 */
  'janus-page-change': CustomEvent<{ page: number; pageSize: number }>;
  /** 每次数据加载完成。 */
  'janus-load': CustomEvent<{ total: number; rows: JanusDatatableRow[] }>;
  /** 加载失败，code 为 JanusError 错误码。 */
  'janus-error': CustomEvent<{ code: number; message: string }>;
}

interface JanusFieldEventMap extends HTMLElementEventMap {
  /** value 属性被脚本修改，且新旧值不同。 */
  'janus-value-change': CustomEvent<{ oldValue: string; value: string }>;
}

interface JanusInputTextEventMap extends HTMLElementEventMap {
  /** 每次输入。 */
  'janus-input': CustomEvent<{ value: string }>;
  /** 失去焦点或按回车，且值与上次不同。 */
  'janus-change': CustomEvent<{ value: string }>;
  /** 校验失败。 */
  'janus-invalid': CustomEvent<{ value: string; reason: 'required' | 'pattern' | 'maxlength' }>;
}

interface JanusLiveDataFieldEventMap extends HTMLElementEventMap {
  /** 值更新；source 为 device（设备上报）或 app（来自 updateLiveDataField）。 */
  'janus-update': CustomEvent<{ deviceId: string; identifier: string; value: janus.DataValue; ts: number; source: 'device' | 'app' }>;
  /** 超过 stale-after 秒没有更新；从未收到过值时 lastTs 为 null。 */
  'janus-stale': CustomEvent<{ deviceId: string; identifier: string; lastTs: number | null }>;
  /** 阈值级别变化。 */
  'janus-threshold': CustomEvent<{ level: 'normal' | 'warn' | 'alarm'; value: number }>;
}

interface JanusWidgetEventMap extends HTMLElementEventMap {
  /** 到达刷新间隔（trigger 为 timer）或用户点击「刷新」（manual）；count 为本页累计刷新次数。 */
  'janus-refresh': CustomEvent<{ trigger: 'timer' | 'manual'; count: number }>;
  /** 用户折叠或展开卡片。 */
  'janus-toggle': CustomEvent<{ collapsed: boolean }>;
}


interface JanusDatatableColumn {
  /** 行对象中的字段名，支持 `a.b` 形式。 */
  prop: string;
  label: string;
  width?: number;
  /** `text`（默认）、`number`、`datetime`、`status`。 */
  type?: 'text' | 'number' | 'datetime' | 'status';
}

interface JanusDatatableElement extends HTMLElement {
  src: string;
  columns: JanusDatatableColumn[];
  pageSize: number;
  rowKey: string;
  selectable: boolean;
  params: Record<string, string | number>;
  /** 点击行时打开该菜单的详情页，记录 ID 取行的 rowKey 字段。 */
  detailMenu: string;
  emptyText: string;
  /** 当前页的行数据。 */
  readonly rows: Array<Record<string, unknown>>;
  /** 已勾选行的 rowKey 值。 */
  readonly selectedKeys: string[];
  reload(): Promise<void>;
  /** 组件事件见 JanusDatatableEventMap；e.detail 有类型。 */
  addEventListener<K extends keyof JanusDatatableEventMap>(type: K, listener: (this: JanusDatatableElement, ev: JanusDatatableEventMap[K]) => any, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof JanusDatatableEventMap>(type: K, listener: (this: JanusDatatableElement, ev: JanusDatatableEventMap[K]) => any, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

interface JanusFieldElement extends HTMLElement {
  label: string;
  value: string;
  unit: string;
  type: 'text' | 'number' | 'datetime' | 'status';
  precision: number;
  layout: 'horizontal' | 'vertical';
  /** 组件事件见 JanusFieldEventMap；e.detail 有类型。 */
  addEventListener<K extends keyof JanusFieldEventMap>(type: K, listener: (this: JanusFieldElement, ev: JanusFieldEventMap[K]) => any, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof JanusFieldEventMap>(type: K, listener: (this: JanusFieldElement, ev: JanusFieldEventMap[K]) => any, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

interface JanusInputTextElement extends HTMLElement {
  name: string;
  label: string;
  value: string;
  placeholder: string;
  required: boolean;
  disabled: boolean;
  readOnly: boolean;
  maxLength: number;
  pattern: string;
  clearable: boolean;
  readonly validity: ValidityState;
  checkValidity(): boolean;
  focus(): void;
  /** 组件事件见 JanusInputTextEventMap；e.detail 有类型。 */
  addEventListener<K extends keyof JanusInputTextEventMap>(type: K, listener: (this: JanusInputTextElement, ev: JanusInputTextEventMap[K]) => any, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof JanusInputTextEventMap>(type: K, listener: (this: JanusInputTextElement, ev: JanusInputTextEventMap[K]) => any, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

interface JanusLiveDataFieldElement extends HTMLElement {
  deviceId: string;
  identifier: string;
  label: string;
  unit: string;
  precision: number;
  staleAfter: number;
  warnAbove: number | null;
  alarmAbove: number | null;
  /** 当前显示的值；还没收到过值时为 null。 */
  readonly value: janus.DataValue | null;
  /** 当前值的采集时间（UTC 毫秒）；还没收到过值时为 null。 */
  readonly ts: number | null;
  /** 当前值的质量：good、uncertain（来自上一次成功读取）或 bad（只供参考）。 */
  readonly quality: janus.DataQuality;
  /** 是否已超过 stale-after 秒没有更新（显示「数据过期」）。 */
  readonly stale: boolean;
  /** 当前的阈值级别。 */
  readonly level: 'normal' | 'warn' | 'alarm';
  /** 组件事件见 JanusLiveDataFieldEventMap；e.detail 有类型。 */
  addEventListener<K extends keyof JanusLiveDataFieldEventMap>(type: K, listener: (this: JanusLiveDataFieldElement, ev: JanusLiveDataFieldEventMap[K]) => any, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof JanusLiveDataFieldEventMap>(type: K, listener: (this: JanusLiveDataFieldElement, ev: JanusLiveDataFieldEventMap[K]) => any, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

interface JanusWidgetElement extends HTMLElement {
  heading: string;
  collapsible: boolean;
  collapsed: boolean;
  loading: boolean;
  refreshInterval: number;
  /** 组件事件见 JanusWidgetEventMap；e.detail 有类型。 */
  addEventListener<K extends keyof JanusWidgetEventMap>(type: K, listener: (this: JanusWidgetElement, ev: JanusWidgetEventMap[K]) => any, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof JanusWidgetEventMap>(type: K, listener: (this: JanusWidgetElement, ev: JanusWidgetEventMap[K]) => any, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

interface HTMLElementTagNameMap {
  'janus-datatable': JanusDatatableElement;
  'janus-field': JanusFieldElement;
  'janus-input-text': JanusInputTextElement;
  'janus-live-data-field': JanusLiveDataFieldElement;
  'janus-widget': JanusWidgetElement;
}
