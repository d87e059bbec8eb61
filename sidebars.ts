import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

// Four explicit sidebars. Their members are exactly those ../shared/routes.tsv assigns them
// (checked by test/unit/sidebars.test.ts); pages marked "-" there are linked from the pages
// that lead to them instead.

type Item = Extract<SidebarsConfig[string], unknown[]>[number];

// `key` disambiguates categories that share a label (translation keys must be unique).
const category = (label: string, items: Item[], collapsed = true, key?: string): Item => ({
  type: 'category',
  label,
  collapsed,
  items,
  ...(key && {key}),
});

const ids = (prefix: string, names: string[]) => names.map((n) => `${prefix}/${n}`);

const sidebars: SidebarsConfig = {
  neptune: [
    'neptune/user/introduction',
    category(
      '快速入门',
      ids('neptune/user', ['registration', 'basic-operations', 'quick-start']),
      false,
    ),
    category(
      '设备接入',
      ids('neptune/user', [
        'device-access',
        'quick-access',
        'device-access-by-assistant',
        'device-access-by-web',
      ]),
    ),
    category(
      '设备管理',
      [
        ...ids('neptune/user/device-management', ['device-type']),
        'neptune/user/add-data-define',
        ...ids('neptune/user/device-management', [
          'devices',
          'device-form',
          'customize-device-form',
          'device-groups',
          'device-status',
          'device-view',
          'data-monitoring',
          'rules-engine',
          'standard-panel',
          'app-panel',
          'app-market',
        ]),
      ],
    ),
    'neptune/user/message-center',
    'neptune/user/add-panel',
    'neptune/user/team-settings',
    category('应用', ['apps/denture/denture-device-management']),
    category('Triton 部署', [
      ...ids('triton/deploy', [
        'introduction',
        'download-triton',
        'download-triton-control',
        'configure-triton',
        'configure-triton-service',
        'triton-control-panel',
        'access-neptune',
        'access-janus',
        'connection-test',
        'data-exchange',
      ]),
    ]),
    category('Triton 开发', [
      ...ids('triton/developer', ['introduction', 'add-data-definition', 'neptune-data-application']),
      category(
        'Go 开发',
        ids('triton/developer/go', [
          'download-triton-library',
          'run-triton',
          'library-test-neptune-send',
          'library-test-neptune-receive',
          'socket-test-neptune-send',
          'socket-test-neptune-receive',
          'dataexchange-via-socket-neptune-send',
          'dataexchange-via-socket-neptune-receive',
          'dataexchange-via-socket-server',
          'modbus-tcp-test-neptune-send',
          'modbus-rtu-test-neptune-send',
          'modbus-test-neptune-receive',
          'dataexchange-via-modbus-neptune-connector',
          'dataexchange-via-modbus-device-implementation',
        ]),
      ),
      category(
        'Windows 开发',
        ids('triton/developer/windows', [
          'referencing-dynamic-library-in-project',
          'dynamic-library-usage',
          'example-application',
        ]),
      ),
      category(
        'Linux 开发',
        ids('triton/developer/linux', [
          'referencing-dynamic-library-in-project',
          'dynamic-library-usage',
          'example-application',
        ]),
      ),
      category('WinCE 开发', [
        ...ids('triton/developer/wince', ['introduction', 'download-triton-library']),
        category(
          'CPAC',
          ids('triton/developer/wince/cpac', [
            'referencing-dynamic-library-in-project',
            'dynamic-library-usage',
            'example-application',
          ]),
        ),
        category(
          'eVC',
          ids('triton/developer/wince/evc', [
            'referencing-dynamic-library-in-project',
            'dynamic-library-usage',
            'example-application',
          ]),
        ),
      ]),
    ]),
    category('Open API', [
      'neptune/api/overview',
      'neptune/api/webhook',
      category(
        '设备管理',
        ids('neptune/api/device_management', [
          'create_device',
          'device_list',
          'device_details',
          'device_statuslist',
          'device_status_duration',
          'device_data',
          'device_last_data',
          'device_realtime_data',
          'device_history_data',
          'device_upload_data',
          'device_send_data',
          'device_command_status',
          'device_command_cancel',
        ]),
        true,
        'neptune-api-device-management',
      ),
      category(
        '设备分组',
        ids('neptune/api/device_group', [
          'get-device-group-tree',
          'create-device-group',
          'rename-device-group',
          'delete-device-group',
        ]),
      ),
      category('团队信息', ids('neptune/api/team_info', ['team_details', 'team_users'])),
      category('设备连接', ['neptune/api/device_connection/mqtt']),
    ]),
    category(
      '版本说明',
      ids('neptune/version', ['v2_9', 'v2_8', 'v2_7', 'v2_6', 'v2_5', 'v2_4', 'v2_3', 'v2_2', 'v2_1', 'v2']),
    ),
  ],

  janus: [
    'janus/user/introduction',
    category(
      '用户指南',
      ids('janus/user', [
        'trial-janus',
        'connection',
        'data-definition',
        'data-monitor',
        'data-statistics',
        'command-debugging',
        'device-resource-scheduling',
        'visualization',
        'app-store',
        'user-management',
        'system-settings',
        'maintenance',
        'security',
      ]),
      false,
    ),
    category('Janus API', [
      'janus/api/introduction',
      category(
        '设备',
        ids('janus/api/device', [
          'device-list',
          'device-detail',
          'device-info',
          'create-device',
          'modify-device',
          'delete-device',
          'data-definitions',
          'device-connect',
          'history-data',
          'send-data',
          'command-result',
          'realtime-data-stomp',
          'realtime-data-sockjs',
          'download-websocket-stomp-tester',
        ]),
        true,
        'janus-api-device',
      ),
      category('告警与统计', ['janus/api/alarm/alarm-list', 'janus/api/statistics/shift-statistics']),
      category('文件', ids('janus/api/file', ['upload', 'download', 'download-by-md5', 'search', 'delete'])),
    ]),
    category('开放平台', [
      ...ids('open-platform', [
        'introduction',
        'getting-started',
        'framework',
        'code-editor',
        'code-elements',
        'privileges-management',
        'machine-learning',
      ]),
      category('脚本 API', [
        ...ids('open-platform/janus-api', ['overview', 'network-request']),
        category(
          '设备',
          ids('open-platform/janus-api/device', [
            'get-device-list',
            'get-device-info',
            'create-device',
            'get-device-history-data',
            'send-device-data',
            'push-data-to-device',
            'subscribe-device-live-data',
            'unsubscribe-device-live-data',
          ]),
          true,
          'open-platform-api-device',
        ),
        category(
          '路由',
          ids('open-platform/janus-api/route', [
            'get-record-id',
            'go-to-menu-by-index',
            'go-to-menu-by-name',
            'go-to-menu-detail-by-index',
            'go-to-menu-detail-by-name',
          ]),
        ),
        category(
          '工具',
          ids('open-platform/janus-api/utils', [
            'get-appid',
            'get-app-json',
            'get-current-user-info',
            'get-all-users',
            'get-data',
            'set-data',
            'apply',
            'update-live-data-field',
            'show-notify',
            'show-dialog',
            'show-dom-waiting',
            'refresh-page',
            'get-file-path',
            'upload-file',
            'download-file',
          ]),
        ),
      ]),
      category(
        '组件',
        ids('open-platform/janus-components', [
          'widget',
          'field',
          'input-text',
          'live-data-field',
          'datatable',
        ]),
      ),
    ]),
  ],

  lowcode: [
    'lowcode/hmi',
    category(
      '快速入门',
      ids('lowcode/quick-start', [
        'learn-map',
        'new-project',
        'visual-editor-guide',
        'import-data-definitions',
        'dev-a-component',
        'config-HMI-backend',
        'app-deployment-&-usage',
      ]),
      false,
    ),
    category('视频教程', ids('lowcode/video', ['quick-start', 'template-layout'])),
    category('开发 HMI 应用', [
      category(
        '工程管理',
        ids('lowcode/dev-HMI-app/app-management', [
          'new-project',
          'import-project',
          'edit-project-detail',
          'view-project-detail',
          'group-management',
        ]),
      ),
      category(
        '数据定义',
        ids('lowcode/dev-HMI-app/data-definitions', [
          'edit-data-definitions',
          'bind-data-definitions',
          'alias',
        ]),
      ),
      category(
        '页面布局',
        ids('lowcode/dev-HMI-app/dev-page-layout', [
          'new-page',
          'template-usage',
          'alignment-&-index',
          'group-lock-visible',
        ]),
      ),
      category(
        '组件开发',
        ids('lowcode/dev-HMI-app/dev-components', [
          'basic',
          'command-components',
          'visual-chart',
          'data-maintenance',
          'page-interaction',
          'component-settings',
        ]),
      ),
      ...ids('lowcode/dev-HMI-app', ['preview-debug', 'recipe']),
    ]),
    category(
      '部署与使用',
      ids('lowcode/deploy-use', [
        'publish',
        'hmi-app-management',
        'deploy-as-janus-app',
        'hmi-viewer',
        'debug-panel',
        'user',
      ]),
    ),
    'lowcode/release-notes',
  ],

  automation: [
    'automation/work-flow-intro',
    category(
      '工程与控制器',
      ids('automation/process_management', ['new-project', 'add-controller', 'configure-controller-resource']),
      false,
    ),
    category(
      '运动参数与安全',
      ids('automation/motion_parameter', [
        'control-card-config',
        'axis-config',
        'IO-config',
        'emergency-stop',
        'motion-parameter-config',
      ]),
      false,
    ),
    category(
      '变量与流程图',
      ids('automation/process_management', ['define-variable', 'work-flow-develop', 'low-code-function']),
      false,
    ),
    category(
      '下发与调试',
      [
        ...ids('automation/process_management', ['send-work-flow-setting', 'send-flow-chart']),
        ...ids('automation/motion_parameter', ['commissioning', 'var-debug', 'controller-states']),
      ],
      false,
    ),
    category(
      '集成与维护',
      [
        'automation/motion_parameter/hmi-config',
        'automation/process_management/backup-and-upgrade',
      ],
      false,
    ),
  ],
};

export default sidebars;
