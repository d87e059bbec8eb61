export function maskInlineCode(line: string): string;
export function tableCells(line: string): string[];
export function cellText(cell: string): string;
export interface PageLine {lineNo: number; text: string; masked: string; frontMatter?: boolean}
export interface PageTable {header: string[]; lineNo: number; rows: {lineNo: number; cells: string[]; text: string}[]}
export interface PageCodeBlock {lang: string; meta: string; lineNo: number; code: string; title: string | null; config: string | null; lines: {lineNo: number; text: string}[]}
export function parsePage(src: string): {lines: PageLine[]; tables: PageTable[]; codeBlocks: PageCodeBlock[]};
export function logicalLines(lines: {lineNo: number; text: string}[]): {lineNo: number; text: string}[];
