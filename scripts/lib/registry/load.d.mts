export interface RegistryProblem {file: string; line: number; message: string}
export interface ErrorCode {code: string; http: number[]; meaning: string}
export interface ConfigKey {key: string; type: string; default?: unknown; range?: [number, number]; unit?: string; required?: boolean; values?: unknown[]}
export interface ConfigFile {file: string; format: 'toml' | 'ini' | 'properties'; defaultFor: string | null; keys: Map<string, ConfigKey>; line: number}
export interface Topic {pattern: string; protocol: 'mqtt' | 'stomp'; publishers: string[]; subscribers: string[]}
export interface Fact {id: string; name: string; value: string; re: RegExp; expect: string[]; line: number}
export interface Point {identifier: string; name?: string; type: string; unit?: string; access?: string; area: string; register: number; table: string}
export interface Device {id: string; name?: string; keys: Record<string, string>; points: string | null}
export interface RegistryFile {
  product: string;
  name: string;
  aliases: string[];
  areas: string[];
  areasLine?: number;
  /** Every label of the ui tree → the ancestor paths it appears under. */
  ui: {labels: Map<string, string[][]>};
  states: string[];
  messages: string[];
  terms: string[];
  hosts: {host: string; ports: number[]; line: number}[];
  topics: Topic[];
  errors: {api: string; codes: ErrorCode[]}[];
  config: ConfigFile[];
  facts: Fact[];
  devices?: Map<string, Device>;
  names?: string[];
  pointTables?: Map<string, Point[]>;
}
export interface RegistryIndex {
  files: Map<string, RegistryFile>;
  products: Map<string, RegistryFile>;
  site: RegistryFile | null;
  examples: RegistryFile | null;
  areaToProduct: Map<string, string>;
  defaultFor: Map<string, {file: string; product: string}>;
  configFiles: Map<string, ConfigFile & {product: string}>;
  hosts: Map<string, {ports: number[]; product: string}>;
  points: Map<string, Point[]>;
  deviceKeys: Map<string, {device: string; product: string}[]>;
}
export const ROLES: string[];
export const PROTOCOLS: string[];
export const CONFIG_FORMATS: string[];
export const KEY_TYPES: string[];
export const AREAS: string[];
export const POINT_TYPES: string[];
export function captureGroups(re: RegExp): number;
export function parseRegistryFile(fileName: string, src: string): {data: RegistryFile | null; problems: {line: number; message: string}[]};
export function valueFitsType(v: unknown, type: string): boolean;
export function loadRegistry(dir: string): {files: Map<string, RegistryFile>; problems: RegistryProblem[]; index: RegistryIndex};
export function buildIndex(files: Map<string, RegistryFile>): {index: RegistryIndex; problems: RegistryProblem[]};
