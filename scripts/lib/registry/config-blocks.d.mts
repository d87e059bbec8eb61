export interface ConfigEntry {key: string; value: unknown; type: string; raw: string; line: number}
export function configEntries(format: string, code: string): ConfigEntry[];
export function typeFits(registered: string, found: string, format: string): boolean;
