export interface Problem {line: number; rule: string; message: string}
export const PLACEHOLDER: RegExp;
export function splitMarkdown(src: string): {
  frontMatter: string | null;
  blocks: {marker: string; lang: string; meta: string; line: number; code: string; unclosed?: boolean}[];
  prose: {line: string; lineNo: number}[];
};
export function lintMarkdown(src: string, options?: {requireFrontMatter?: boolean}): Problem[];
export function parseRoutes(tsv: string): {id: string; sidebar: string | null}[];
