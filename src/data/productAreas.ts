/** Entry points shown on the home page; each links to the area's first page. */
export interface ProductArea {
  tag: string;
  title: string;
  description: string;
  to: string;
}

export const productAreas: ProductArea[] = [
  {
    tag: 'Neptune',
    title: '工业云平台及服务',
    description: '注册团队、接入设备、配置规则引擎与面板，在云端管理全部工厂设备。',
    to: '/docs/neptune/user/introduction',
  },
  {
    tag: 'Janus',
    title: '边缘计算系统软件',
    description: '部署在车间服务器上的现场数据平台：设备连接、数据监控、统计与可视化。',
    to: '/docs/janus/user/introduction',
  },
  {
    tag: 'Triton',
    title: '设备端连接器',
    description: '在 Windows、Linux、WinCE 设备上安装 Triton，通过 MQTT 把数据送上云端或现场平台。',
    to: '/docs/triton/deploy/introduction',
  },
  {
    tag: 'Lowcode',
    title: '低代码 HMI 组态软件',
    description: '在浏览器中拖拽组件、绑定数据定义，发布为 HMI 应用并部署到触摸屏工控机。',
    to: '/docs/lowcode/hmi',
  },
  {
    tag: 'Automation',
    title: '低代码流程图控制软件',
    description: '用流程图编排回原点、绝对运动、等待 IO 等动作，下发到运动控制器执行。',
    to: '/docs/automation/work-flow-intro',
  },
  {
    tag: '开放平台',
    title: '开放平台',
    description: '用 HTML 与 JavaScript 编写运行在 Janus 中的自定义应用，调用 janus 脚本 API 与组件。',
    to: '/docs/open-platform/introduction',
  },
  {
    tag: '应用',
    title: '义齿设备管理',
    description: '面向义齿加工厂的应用：铣床与 3D 打印机的设备总览、任务队列、刀具寿命与保养提醒。',
    to: '/docs/apps/denture/denture-device-management',
  },
];

export const apiReferences = [
  {title: 'Neptune Open API', description: 'REST 接口：设备、分组、团队与数据', to: '/docs/neptune/api/overview'},
  {title: 'Neptune MQTT 接入', description: '设备直连 Broker 的主题与负载格式', to: '/docs/neptune/api/device_connection/mqtt'},
  {title: 'Janus API', description: '现场平台的设备、文件与实时数据接口', to: '/docs/janus/api/introduction'},
  {title: '开放平台脚本 API', description: 'janus 全局对象的函数参考', to: '/docs/open-platform/janus-api/overview'},
  {title: 'Triton 开发指南', description: '动态库、Go 模块、socket 与 Modbus 数据交换', to: '/docs/triton/developer/introduction'},
];
