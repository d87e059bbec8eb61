import type {RegistryFile, RegistryIndex, RegistryProblem} from './load.mjs';
import type {Finding} from './rules.mjs';
export const RULES: string[];
export function registrySummary(
  registry: {files: Map<string, RegistryFile>; problems: RegistryProblem[]; index: RegistryIndex},
  pageResults: {file: string; problems: Finding[]; noneBlocks: number[]}[],
): string[];
