import type {RegistryIndex} from './load.mjs';
export interface Finding {line: number; rule: string; message: string}
export function topicMatches(literal: string, pattern: string): boolean;
export function lintPage(relPath: string, src: string, index: RegistryIndex): {problems: Finding[]; noneBlocks: number[]};
